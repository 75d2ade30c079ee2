/**
 * The toolkit for driver authors: the SQL lexer, the statement guard, the redactor, result
 * bookkeeping and DSN parsing. Depends on {@code dev.tobira.api} and the JDK only.
 *
 * @since 0.1
 */
module dev.tobira.spi {
    requires transitive dev.tobira.api;

    exports dev.tobira.spi;
    exports dev.tobira.spi.base;
}
