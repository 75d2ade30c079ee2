package dev.tobira.mcp;

import java.util.List;

/**
 * A database the tool tests run against, seeded with the shop through a side channel of its own
 * (JDBC, a plain Redis client), never through the server under test.
 */
interface Target extends AutoCloseable {
    /** The DSN tobira opens. */
    String dsn();

    /** The namespace the shop lives in, as list_namespaces names it. */
    String namespace();

    /** The collection of orders and of customers, as list_collections names them. */
    String orders();

    String customers();

    /** A field describe must report for orders, with its type. */
    String orderField();

    /** A read that finds the top paid customer's name in its first row, first column. */
    String topPaidCustomer();

    /** The write the agent tries; the guard must refuse it. */
    String refundedDelete();

    /** What the refusal's message starts with. */
    String refusalPrefix();

    /** A read returning at least 30 rows. */
    String manyRows();

    /** The state of the data, read through the side channel. */
    List<String> fingerprint();

    /** Whether the driver explains queries. */
    boolean explains();

    @Override
    void close();
}
