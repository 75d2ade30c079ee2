package dev.tobira.driver.mysql;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import dev.tobira.spi.StatementGuard;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The statement check in front of MySQL's and MariaDB's own read-only mechanism (each statement
 * its own read-only transaction, and a post-check, in {@link MysqlDialect}). It
 * refuses what a read-only transaction does not stop, and what it would stop only after the fact:
 * <ul>
 *   <li>every statement kind outside the allow-list ({@code SELECT}, {@code WITH}, {@code VALUES},
 *       {@code TABLE}, {@code SHOW}, {@code DESCRIBE}/{@code DESC}, {@code EXPLAIN}): DDL commits
 *       implicitly and so escapes a transaction; {@code SET}, {@code CALL}, {@code DO},
 *       {@code HANDLER}, {@code LOAD DATA}, {@code LOCK TABLES}, {@code FLUSH}, {@code KILL},
 *       {@code INSTALL} never start a statement here;</li>
 *   <li>executable comments ({@code /*! … *}{@code /}, {@code /*M! … *}{@code /}), whose content
 *       the server runs unread, and more than one statement ({@code SELECT 1--1;DROP …} is two
 *       statements, since {@code --} needs white space after it to open a comment);</li>
 *   <li>{@code INTO} ({@code INTO OUTFILE}, {@code INTO DUMPFILE}, {@code INTO @var}): the file is
 *       written whatever the transaction says;</li>
 *   <li>functions the transaction cannot stop: {@code LOAD_FILE} (reads a server file), the lock
 *       functions, {@code SLEEP} and {@code BENCHMARK} (hold a connection and a CPU), the
 *       replication waits, and the well-known command-running UDF names;</li>
 *   <li>locking reads ({@code FOR UPDATE}, {@code FOR SHARE}, {@code LOCK IN SHARE MODE}), and
 *       {@code UPDATE}, {@code DELETE}, {@code INSERT … }/{@code REPLACE …} statements inside a
 *       {@code WITH} or {@code EXPLAIN} ({@code INSERT(…)} and {@code REPLACE(…)} the string
 *       functions pass);</li>
 *   <li>{@code ANALYZE} ({@code EXPLAIN ANALYZE} executes its statement), a {@code PROCEDURE}
 *       clause, an optimizer hint with {@code SET_VAR}, and JDBC escape braces {@code {…}} (the
 *       driver turns Connector/J's escape processing off, so they would reach the server as
 *       written; they are refused all the same);</li>
 *   <li>user variable assignments ({@code @v := …}), session state a later read would see.</li>
 * </ul>
 * Sequences ({@code NEXTVAL}, {@code SETVAL}, {@code NEXT VALUE FOR}) and stored functions that
 * write are left to the read-only transaction, which refuses them with error 1792.
 */
final class MysqlGuard {
    static final List<String> ALLOWED =
            List.of("SELECT", "WITH", "VALUES", "TABLE", "SHOW", "DESCRIBE", "DESC", "EXPLAIN");

    /** Reserved words, so never an unquoted identifier: they only ever mean what is refused. */
    static final List<String> FORBIDDEN_WORDS = List.of("INTO", "UPDATE", "DELETE", "LOCK", "ANALYZE", "PROCEDURE");

    static final List<String> FORBIDDEN_FUNCTIONS = List.of(
            "LOAD_FILE",
            "GET_LOCK",
            "RELEASE_LOCK",
            "RELEASE_ALL_LOCKS",
            "IS_FREE_LOCK",
            "IS_USED_LOCK",
            "SERVICE_GET_READ_LOCKS",
            "SERVICE_GET_WRITE_LOCKS",
            "SERVICE_RELEASE_LOCKS",
            "SLEEP",
            "BENCHMARK",
            "MASTER_POS_WAIT",
            "SOURCE_POS_WAIT",
            "MASTER_GTID_WAIT",
            "WAIT_FOR_EXECUTED_GTID_SET",
            "WAIT_UNTIL_SQL_THREAD_AFTER_GTIDS",
            "SYS_EXEC",
            "SYS_EVAL",
            "SYS_SET",
            "SYS_GET");

    private MysqlGuard() {}

    static StatementGuard build(String driver) {
        return StatementGuard.builder(driver)
                .dialect(SqlDialect.MYSQL)
                .allow(ALLOWED.toArray(String[]::new))
                .forbidWords(FORBIDDEN_WORDS.toArray(String[]::new))
                .forbidFunctions(FORBIDDEN_FUNCTIONS.stream()
                        .map(f -> f.toLowerCase(Locale.ROOT))
                        .toArray(String[]::new))
                .rule(MysqlGuard::lockingReads)
                .rule(MysqlGuard::insertStatements)
                .rule(MysqlGuard::setVarHints)
                .rule(MysqlGuard::escapeBraces)
                .rule(MysqlGuard::variableAssignments)
                .build();
    }

    private static Optional<String> lockingReads(SqlScan scan) {
        for (SqlScan.Statement statement : scan.statements()) {
            List<SqlToken> t = statement.tokens();
            for (int i = 0; i + 1 < t.size(); i++) {
                if (statement.isWord(i, "FOR") && statement.isWord(i + 1, "SHARE")) {
                    return Optional.of("locking reads (FOR UPDATE, FOR SHARE, LOCK IN SHARE MODE) are not allowed"
                            + " on a read-only connection");
                }
            }
        }
        return Optional.empty();
    }

    /** INSERT and REPLACE as statements (inside a WITH or EXPLAIN), never the string functions of those names. */
    private static Optional<String> insertStatements(SqlScan scan) {
        for (SqlScan.Statement statement : scan.statements()) {
            List<SqlToken> t = statement.tokens();
            for (int i = 0; i < t.size(); i++) {
                if ((statement.isWord(i, "INSERT") || statement.isWord(i, "REPLACE"))
                        && !statement.isPunctuation(i + 1, "(")) {
                    return Optional.of(t.get(i).upper() + " is not allowed on a read-only connection");
                }
            }
        }
        return Optional.empty();
    }

    /** {@code /*+ SET_VAR(…) *}{@code /} changes a session variable for the statement, sql_mode included. */
    private static Optional<String> setVarHints(SqlScan scan) {
        return hasSetVarHint(scan)
                ? Optional.of("optimizer hints with SET_VAR are not allowed on a read-only connection")
                : Optional.empty();
    }

    /** Whether the text holds an optimizer hint comment naming {@code SET_VAR}. */
    static boolean hasSetVarHint(SqlScan scan) {
        for (SqlToken token : scan.tokens()) {
            if (token.type() == SqlToken.Type.COMMENT
                    && token.text().startsWith("/*+")
                    && token.text().toUpperCase(Locale.ROOT).contains("SET_VAR")) {
                return true;
            }
        }
        return false;
    }

    private static Optional<String> escapeBraces(SqlScan scan) {
        for (SqlToken token : scan.tokens()) {
            if (token.type() == SqlToken.Type.PUNCTUATION
                    && (token.text().equals("{") || token.text().equals("}"))) {
                return Optional.of("JDBC escape syntax ({...}) is not allowed on a read-only connection");
            }
        }
        return Optional.empty();
    }

    /** {@code @v := …} sets a user variable, session state that a later read would see. */
    private static Optional<String> variableAssignments(SqlScan scan) {
        for (SqlToken token : scan.tokens()) {
            if (token.type() == SqlToken.Type.OPERATOR && token.text().contains(":=")) {
                return Optional.of("assigning a user variable (:=) is not allowed on a read-only connection");
            }
        }
        return Optional.empty();
    }
}
