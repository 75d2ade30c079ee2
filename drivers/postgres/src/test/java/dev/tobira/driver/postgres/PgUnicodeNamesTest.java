package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.StatementGuard;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 29: every spelling of a refused function's name is refused on a read-only path: escaped
 * (the standard's {@code U&"…"}, with or without {@code UESCAPE}), quoted, qualified, or followed
 * by a Unicode space before its parenthesis.
 */
class PgUnicodeNamesTest {
    private final StatementGuard guard = PgGuard.build("postgres");

    @ParameterizedTest
    @ValueSource(
            strings = {
                "select U&\"pg_\\0072ead_file\"('/etc/passwd')",
                "select u&\"pg_\\+000072ead_file\"('/etc/passwd')",
                "select U&\"pg_!0072ead_file\" UESCAPE '!' ('/etc/passwd')",
                "select pg_catalog.U&\"lo\\005Fexport\"(1, '/tmp/x')",
                "select \"pg_catalog\".\"lo_export\"(1, '/tmp/x')",
                "select set_config\u00a0('default_transaction_read_only', 'off', false)",
                "select set_config\u3000('default_transaction_read_only', 'off', false)",
                "select nextval\u2003('s')",
                "select ｓｅｔ_ｃｏｎｆｉｇ('default_transaction_read_only', 'off', false)",
            })
    void everySpellingIsRefused(String sql) {
        DriverException e = assertThrows(DriverException.class, () -> guard.check(sql), sql);
        assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + " -> " + e.getMessage());
    }
}
