package dev.tobira.driver.mysql;

/**
 * Row-producing queries that need no table and work on MySQL and MariaDB alike: a cross join of
 * small derived tables, one per decimal digit, the server generating every row as it streams.
 */
final class Rows {
    static final String DIGITS = digits(10);

    private Rows() {}

    /** {@code (select 0 as n union all … select count - 1)}. */
    static String digits(int count) {
        StringBuilder sb = new StringBuilder("(select 0 as n");
        for (int i = 1; i < count; i++) {
            sb.append(" union all select ").append(i);
        }
        return sb.append(')').toString();
    }

    /** The numbers 0 to rows - 1, in no particular order, as column {@code n}. */
    static String query(long rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("rows is less than 1: " + rows);
        }
        // rows = lead * 10^k + rest: k full digits, then a leading digit of lead values when rest is 0
        int k = 0;
        long power = 1;
        while (power * 10 <= rows) {
            power *= 10;
            k++;
        }
        long lead = rows / power;
        boolean exact = rows % power == 0;
        int leadValues = exact ? (int) lead : 10;
        StringBuilder value = new StringBuilder();
        StringBuilder from = new StringBuilder();
        long weight = 1;
        for (int i = 0; i <= k; i++) {
            String table = i < k ? DIGITS : digits(leadValues);
            value.append(i == 0 ? "" : " + ")
                    .append("d")
                    .append(i)
                    .append(".n * ")
                    .append(weight);
            from.append(i == 0 ? "" : ", ").append(table).append(" d").append(i);
            weight *= 10;
        }
        return "select " + value + " as n from " + from + (exact ? "" : " where " + value + " < " + rows);
    }
}
