package dev.tobira.cli;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The root of the command tree. A subcommand is one class: annotate it with {@code @Command},
 * give it a constructor taking {@link Io} or none, and list it here.
 */
// picocli sets the @Spec, @ParentCommand and @Option fields by reflection before call() runs
@SuppressWarnings("NullAway.Init")
@Command(
        name = "tobira",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "One command for every database: the same flags, output and exit codes.",
        subcommands = {
            QueryCommand.class,
            DoctorCommand.class,
            HistoryCommand.class,
            DriversCommand.class,
            McpCommand.class
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:usage: bad flags, unknown connection, bad config",
            "2:could not open the connection (unreachable, bad credentials, unresolved secret)",
            "3:any other query error (syntax, not found, timeout)",
            "4:read-only violation, permission denied, refused by policy",
            "130:interrupted (Ctrl-C)"
        })
final class TobiraCommand implements Runnable {
    final Io io;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--config",
            scope = ScopeType.INHERIT,
            paramLabel = "FILE",
            description = "the config file (default: ~/.config/tobira/config.yaml)")
    @Nullable
    Path config;

    TobiraCommand(Io io) {
        this.io = io;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is missing (query, doctor, history, drivers, mcp)");
    }

    /**
     * The config every command runs with: the file named with --config (which must exist), else
     * $TOBIRA_CONFIG, else the default path if it exists; then $TOBIRA_HISTORY_ENABLED over its
     * {@code history.enabled}, here once, so every command (query, mcp, …) obeys it alike.
     */
    Config loadConfig(CommandSpec sub) {
        Config c = loadFile(sub);
        String history = io.env.get("TOBIRA_HISTORY_ENABLED");
        if (history != null && !history.isEmpty()) {
            boolean enabled = switch (history.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "0", "false", "no", "off" -> false;
                case "1", "true", "yes", "on" -> true;
                default ->
                    throw CliException.usage(
                            "TOBIRA_HISTORY_ENABLED must be 0 or 1 (or false, true), not \"" + history + "\"");
            };
            c = c.withHistoryEnabled(enabled);
        }
        return c;
    }

    private Config loadFile(CommandSpec sub) {
        Path named = config;
        if (named == null && sub != null && sub.findOption("--config") != null) {
            named = sub.findOption("--config").getValue();
        }
        if (named != null) {
            return Config.load(named, true);
        }
        String env = io.env.get("TOBIRA_CONFIG");
        if (env != null && !env.isBlank()) {
            return Config.load(Path.of(env), true);
        }
        return Config.load(Config.defaultFile(io.env), false);
    }
}
