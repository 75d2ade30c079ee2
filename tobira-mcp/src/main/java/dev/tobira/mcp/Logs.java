package dev.tobira.mcp;

import dev.tobira.format.TerminalText;
import dev.tobira.spi.Redactor;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * The server's log lines. They go through {@link System.Logger}, never to a standard stream:
 * standard output is the stdio protocol's channel, and standard error belongs to whatever
 * application embeds the server (the {@code tobira} command prints them there). A line is
 * redacted and then escaped, because a client's text reaches it through exception messages (a
 * parser quoting what it read, a serializer naming a key) and would otherwise reach a terminal
 * with its control characters, newlines included.
 */
final class Logs {
    private Logs() {}

    static Logger of(Class<?> owner) {
        return System.getLogger(owner.getName());
    }

    static void warn(Logger logger, Redactor redactor, String text) {
        log(logger, Level.WARNING, redactor, text);
    }

    static void error(Logger logger, Redactor redactor, String text) {
        log(logger, Level.ERROR, redactor, text);
    }

    private static void log(Logger logger, Level level, Redactor redactor, String text) {
        if (logger.isLoggable(level)) {
            logger.log(level, TerminalText.escape(redactor.redact(String.valueOf(text))));
        }
    }
}
