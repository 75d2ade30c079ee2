package dev.tobira.driver.mysql;

import dev.tobira.jdbc.QueryBuilder;

/** MySQL's spelling of the SQL the base writes: backtick names and a plan as JSON. */
final class MysqlQueries implements QueryBuilder {
    /** Quotes a name with backticks, doubling any inside; a NUL, which no name may hold, is refused. */
    static String quoteName(String identifier) {
        if (identifier.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("an identifier holds a NUL character");
        }
        return '`' + identifier.replace("`", "``") + '`';
    }

    @Override
    public String quote(String identifier) {
        return quoteName(identifier);
    }

    @Override
    public String explain(String sql) {
        return "EXPLAIN FORMAT=JSON " + sql;
    }

    @Override
    public String explainFormat() {
        return "json";
    }
}
