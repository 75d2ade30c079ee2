/**
 * The one CSV writer of tobira, on FastCSV.
 *
 * @since 0.1
 */
module dev.tobira.csv {
    requires transitive dev.tobira.api;
    requires de.siegmar.fastcsv;

    exports dev.tobira.csv;
}
