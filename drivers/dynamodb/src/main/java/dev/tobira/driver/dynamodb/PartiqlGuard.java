package dev.tobira.driver.dynamodb;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import dev.tobira.spi.StatementGuard;
import java.util.Optional;

/**
 * The statement check of a PartiQL text: on a read-only path it must be exactly one {@code SELECT},
 * lexed by the SPI's lexer with a PartiQL dialect ({@code "…"} identifiers, {@code '…'} strings with
 * {@code ''}, {@code --} and {@code /* … *}{@code /} comments, {@code ?} parameters).
 *
 * <p>Amazon does not document whether DynamoDB's PartiQL nests block comments or ends a line comment
 * at a carriage return, and a guard that reads comments otherwise than the server lets a write hide
 * behind one ({@code /* /* *}{@code / DELETE … *}{@code / SELECT …}). So the text is read both ways,
 * nesting and not, and must be one SELECT under both readings. An Ion literal ({@code `…`}), whose
 * content PartiQL reads by Ion's own rules, is refused outside strings and identifiers for the same
 * reason. {@code EXISTS(…)}, the condition of a transaction, begins no statement here.
 */
final class PartiqlGuard {
    /** Block comments that do not nest, line comments that end only at a line feed. */
    static final SqlDialect FLAT = SqlDialect.ANSI
            .withName("partiql")
            .without(SqlDialect.Feature.NESTED_COMMENTS, SqlDialect.Feature.CARRIAGE_RETURN_ENDS_LINE_COMMENT);
    /** Block comments that nest, as the SQL standard has them; line comments end at CR too. */
    static final SqlDialect NESTED = SqlDialect.ANSI.withName("partiql");

    private static final StatementGuard.Rule NO_ION = PartiqlGuard::ionLiteral;
    private static final StatementGuard READ_FLAT = guard(FLAT);
    private static final StatementGuard READ_NESTED = guard(NESTED);

    private PartiqlGuard() {}

    private static StatementGuard guard(SqlDialect dialect) {
        return StatementGuard.builder(DynamoDriver.NAME)
                .dialect(dialect)
                .allowAs("SELECT", "SELECT")
                .refusal("only a PartiQL SELECT is allowed on a read-only connection")
                .rule(NO_ION)
                .build();
    }

    private static Optional<String> ionLiteral(SqlScan scan) {
        for (SqlToken t : scan.tokens()) {
            if (t.type() != SqlToken.Type.STRING
                    && t.type() != SqlToken.Type.QUOTED_IDENTIFIER
                    && t.type() != SqlToken.Type.COMMENT
                    && t.text().indexOf('`') >= 0) {
                return Optional.of("Ion literals (`…`) are not allowed on a read-only connection");
            }
        }
        return Optional.empty();
    }

    /** For a read-only path: one SELECT under both readings of comments, or a refusal. */
    static void checkRead(String text) {
        READ_FLAT.check(text);
        READ_NESTED.check(text);
    }

    /** For a writable path: one statement, readable, under both readings. */
    static void checkWritable(String text) {
        READ_FLAT.checkSingleStatement(text);
        READ_NESTED.checkSingleStatement(text);
    }
}
