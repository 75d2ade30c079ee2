package dev.tobira.sample.pricebook;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Conn;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * A price list kept in any SQL database tobira has a driver for, written from the README alone:
 * every statement takes its values as {@code ?} parameters, a write answers how many rows it
 * changed, a single value is read with {@code one}, and prices stay exact {@link BigDecimal}s on
 * SQLite as on PostgreSQL.
 *
 * <p>Not thread-safe, as the {@link Conn} it uses is not; the caller owns and closes the connection.
 */
public final class Pricebook {
    private final Conn conn;

    /**
     * A price book on an open connection.
     *
     * @param conn the connection, owned by the caller
     */
    public Pricebook(Conn conn) {
        this.conn = requireNonNull(conn, "conn is null");
    }

    /** Creates the table {@code pricebook_products} when it is not there. */
    public void create() {
        conn.execute(Query.of("create table if not exists pricebook_products (name varchar(100) primary key,"
                + " category varchar(40) not null, price numeric(10,2) not null)"));
    }

    /**
     * Removes every product.
     *
     * @return how many there were
     */
    public long clear() {
        return conn.execute(Query.of("delete from pricebook_products"));
    }

    /**
     * Adds a product.
     *
     * @return the rows added: 1
     */
    public long add(String name, String category, BigDecimal price) {
        return conn.execute(Query.of("insert into pricebook_products (name, category, price) values (?, ?, ?)")
                .withParams(Value.of(name), Value.of(category), Value.of(price)));
    }

    /**
     * Raises every price of a category by a percentage, rounded to the cent.
     *
     * @return how many products changed
     */
    public long raise(String category, BigDecimal percent) {
        return conn.execute(
                Query.of("update pricebook_products set price = round(price * (100 + ?) / 100, 2) where category = ?")
                        .withParams(Value.of(percent), Value.of(category)));
    }

    /**
     * The price of a product.
     *
     * @throws java.util.NoSuchElementException if there is no such product
     */
    public BigDecimal price(String name) {
        return conn.query(priceOf(name)).one(row -> row.get(0, BigDecimal.class));
    }

    /** The price of a product, or empty when there is none. */
    public Optional<BigDecimal> findPrice(String name) {
        return conn.query(priceOf(name)).findOne(row -> row.get(0, BigDecimal.class));
    }

    /** How many products there are. */
    public long count() {
        return conn.query(Query.of("select count(*) from pricebook_products")).one(row -> row.getLong(0));
    }

    /** The sum of a category's prices, added up here so it stays exact whatever the database's sum returns. */
    public BigDecimal total(String category) {
        try (var prices = conn.query(Query.of("select price from pricebook_products where category = ?")
                        .withParams(Value.of(category)))
                .map(row -> row.get(0, BigDecimal.class))) {
            return prices.reduce(BigDecimal.ZERO, BigDecimal::add);
        }
    }

    /** The names of the products cheaper than a price, cheapest first. */
    public List<String> cheaperThan(BigDecimal limit) {
        return conn.query(Query.of("select name from pricebook_products where price < ? order by price, name")
                        .withParams(Value.of(limit)))
                .toList(row -> row.getText(0));
    }

    private static Query priceOf(String name) {
        return Query.of("select price from pricebook_products where name = ?").withParams(Value.of(name));
    }
}
