package dev.tobira.sample.pricebook;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.Registry;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Runs the price book on a database: {@code java … Main [DSN]}, by default
 * {@code sqlite:./pricebook.db}. It keeps its rows in a table of its own, {@code pricebook_products},
 * which it creates when absent and empties first. Prints what each step answered, then shows that a
 * read-only connection refuses the same write.
 */
public final class Main {
    private Main() {}

    /**
     * Runs the demonstration.
     *
     * @param args an optional DSN
     */
    public static void main(String[] args) {
        String dsn = args.length > 0 ? args[0] : "sqlite:./pricebook.db";
        try {
            run(Registry.discover(), dsn, System.out);
        } catch (DriverException e) {
            System.err.println(e.getMessage()); // the message is whole and redacted: no stack trace is needed
            System.exit(1);
        }
    }

    static void run(Registry registry, String dsn, PrintStream out) {
        try (Conn conn = registry.open(ConnConfig.of(dsn))) {
            Pricebook book = new Pricebook(conn);
            book.create();
            out.println("cleared " + book.clear() + " products");
            long added = book.add("sencha", "tea", new BigDecimal("12.50"))
                    + book.add("genmaicha", "tea", new BigDecimal("8.99"))
                    + book.add("kyusu", "teaware", new BigDecimal("42.00"));
            out.println("added " + added + " products");
            out.println("raised " + book.raise("tea", new BigDecimal("10")) + " prices in tea");
            out.println("price of sencha: " + cents(book.price("sencha")));
            out.println("price of matcha: "
                    + book.findPrice("matcha").map(Main::cents).orElse("none"));
            out.println("products: " + book.count());
            out.println("tea total: " + cents(book.total("tea")));
            out.println("cheaper than 20.00: " + book.cheaperThan(new BigDecimal("20.00")));
        }
        try (Conn readOnly = registry.open(ConnConfig.of(dsn).withReadOnly(true))) {
            new Pricebook(readOnly).raise("tea", new BigDecimal("10"));
            out.println("raised prices on a read-only connection, which must never happen");
        } catch (DriverException e) {
            out.println("read-only raise refused: " + e.kind());
        }
    }

    // SQLite keeps 12.50 as 12.5; prices print with their cents on every database
    private static String cents(BigDecimal price) {
        return price.setScale(2, RoundingMode.HALF_EVEN).toPlainString();
    }
}
