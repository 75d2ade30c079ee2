package dev.tobira.driver.dynamodb;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;

/**
 * tobira's read-only guard for DynamoDB, in front of every request of a read-only path. DynamoDB has
 * no read-only session; the real boundary is IAM (see the README's policy). What this checks, on the
 * parsed {@link Command} the driver then sends unchanged:
 * <ul>
 *   <li>a PartiQL statement is exactly one SELECT ({@link PartiqlGuard});
 *   <li>a JSON document names one of {@code Query}, {@code Scan}, {@code GetItem},
 *       {@code BatchGetItem}, {@code DescribeTable}, or {@code ExecuteStatement} whose
 *       {@code Statement} passes the PartiQL check. Every other operation of the API, by its exact
 *       name in any letter case, is refused as a write: the item writes, the batch and transaction
 *       operations, PartiQL batches and transactions, and the whole control plane.
 * </ul>
 */
final class ReadOnlyGuard {
    static final String READS = "Query, Scan, GetItem, BatchGetItem, DescribeTable and a PartiQL SELECT";

    private ReadOnlyGuard() {}

    static void check(Command command, String op) {
        if (command instanceof Command.Partiql) {
            PartiqlGuard.checkRead(((Command.Partiql) command).text());
            return;
        }
        Command.Document doc = (Command.Document) command;
        Operation.Role role = doc.operation().map(Operation::role).orElse(Operation.Role.CONTROL);
        switch (role) {
            case READ:
                return;
            case STATEMENT: {
                // the statement the request will carry: read here from the same parsed document
                var statement = doc.request().get("Statement");
                if (statement == null || !statement.isTextual()) {
                    throw DriverException.of(
                            ErrorKind.INVALID_ARGUMENT,
                            DynamoDriver.NAME,
                            op,
                            "ExecuteStatement needs its Statement as a string");
                }
                PartiqlGuard.checkRead(statement.textValue());
                return;
            }
            default:
                throw DriverException.of(
                        ErrorKind.READ_ONLY,
                        DynamoDriver.NAME,
                        op,
                        doc.apiName() + " is not a read: only " + READS + " are allowed on a read-only connection");
        }
    }
}
