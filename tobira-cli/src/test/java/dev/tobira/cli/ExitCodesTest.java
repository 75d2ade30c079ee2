package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.ErrorKind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The command's mapping of error kinds to exit codes, moved out of {@code ErrorKind} (issue 31). */
class ExitCodesTest {
    @Test
    void errorKindsMapToExitCodes() {
        assertEquals(4, ExitCodes.of(ErrorKind.READ_ONLY));
        assertEquals(4, ExitCodes.of(ErrorKind.PERMISSION));
        assertEquals(2, ExitCodes.of(ErrorKind.CONNECTION));
        assertEquals(2, ExitCodes.of(ErrorKind.AUTH));
        assertEquals(1, ExitCodes.of(ErrorKind.INVALID_ARGUMENT));
        for (ErrorKind k : Set.of(
                ErrorKind.SYNTAX,
                ErrorKind.NOT_FOUND,
                ErrorKind.TIMEOUT,
                ErrorKind.UNSUPPORTED,
                ErrorKind.INTERNAL,
                ErrorKind.CANCELLED,
                ErrorKind.CONFLICT,
                ErrorKind.CONSTRAINT,
                ErrorKind.DATA)) {
            assertEquals(3, ExitCodes.of(k), k.name());
        }
    }
}
