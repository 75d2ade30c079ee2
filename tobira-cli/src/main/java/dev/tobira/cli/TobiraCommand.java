package dev.tobira.cli;

import java.nio.file.Path;
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
@Command(name = "tobira", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "One command for every database: the same flags, output and exit codes.",
        subcommands = {QueryCommand.class, DoctorCommand.class, HistoryCommand.class, DriversCommand.class, McpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:usage: bad flags, unknown connection, bad config",
                "2:could not open the connection (unreachable, bad credentials, unresolved secret)",
                "3:any other query error (syntax, not found, timeout)",
                "4:read-only violation, permission denied, refused by policy", "130:interrupted (Ctrl-C)"})
final class TobiraCommand implements Runnable {
    final Io io;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", scope = ScopeType.INHERIT, paramLabel = "FILE",
            description = "the config file (default: ~/.config/tobira/config.yaml)")
    Path config;

    TobiraCommand(Io io) {
        this.io = io;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is missing (query, doctor, history, drivers, mcp)");
    }

    /** The config: the file named with --config (which must exist), else the default path if it exists. */
    Config loadConfig(CommandSpec sub) {
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
