package dev.tobira.drivertest;

/** The names of the guard's layers the kit reports on their own. */
final class Layers {
    /** The layer left when a fixture turns the statement check off: the server's mechanism and the post-check. */
    static final String WITHOUT_STATEMENT_CHECK = "without statement check";

    private Layers() {}
}
