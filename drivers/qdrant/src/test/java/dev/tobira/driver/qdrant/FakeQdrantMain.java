package dev.tobira.driver.qdrant;

/**
 * Runs {@link FakeQdrant} on its own, for the benchmarks when no Qdrant server is installable:
 * {@code java -cp <the module's test class path> dev.tobira.driver.qdrant.FakeQdrantMain [port]}
 * serves plain gRPC on {@code 127.0.0.1:<port>} (6334 by default), with no API key, until killed.
 */
public final class FakeQdrantMain {
    private FakeQdrantMain() {}

    /**
     * Starts the fake and waits.
     *
     * @param args the port, optional
     * @throws InterruptedException when interrupted
     */
    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : Target.DEFAULT_PORT;
        FakeQdrant fake = new FakeQdrant(null).start(port);
        System.out.println("listening " + fake.port());
        Thread.currentThread().join();
    }
}
