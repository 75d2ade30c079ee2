package dev.tobira.drivertest;

/**
 * Where the kit's checks write what they found: append-only, one immutable record at a time. The
 * attacks get this through {@link KitContext}, never the report itself, so they can neither read
 * nor change what others recorded; the report alone turns the records into JSON when the run ends.
 */
interface Recorder {
    /** A record the report takes: immutable, and written by Jackson as it is (or summed up). */
    interface Entry {}

    /**
     * Appends a record; safe from any thread, in the order the calls happened.
     *
     * @param entry the record
     */
    void add(Entry entry);
}
