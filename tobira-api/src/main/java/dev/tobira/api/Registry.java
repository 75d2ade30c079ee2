package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeSet;

/**
 * A private set of drivers that routes a DSN to the driver of its scheme. There is no global
 * registry: each application makes its own, so two libraries in one JVM never see each other's
 * drivers.
 *
 * <p>Thread-safe: drivers may be added while other threads open connections.
 *
 * @since 0.1
 */
public final class Registry {
    private final Map<String, Driver> byName = new LinkedHashMap<>();
    private final Map<String, Driver> byScheme = new LinkedHashMap<>();

    private Registry() {}

    /**
     * Returns an empty registry.
     *
     * @return a new registry with no drivers
     */
    public static Registry empty() {
        return new Registry();
    }

    /**
     * Returns a registry of every driver on the class path or module path, found with
     * {@link ServiceLoader}.
     *
     * @return a new registry
     * @throws IllegalStateException if two drivers claim the same name or scheme
     */
    public static Registry discover() {
        return discover(Thread.currentThread().getContextClassLoader());
    }

    /**
     * Returns a registry of every driver a class loader finds with {@link ServiceLoader}.
     *
     * @param loader the class loader, or null for the system class loader
     * @return a new registry
     * @throws IllegalStateException if two drivers claim the same name or scheme
     */
    public static Registry discover(ClassLoader loader) {
        Registry registry = new Registry();
        for (Driver d : ServiceLoader.load(Driver.class, loader)) {
            registry.add(d);
        }
        return registry;
    }

    /**
     * Adds a driver.
     *
     * @param driver the driver
     * @return this registry
     * @throws NullPointerException if driver is null
     * @throws IllegalStateException if a driver of the same name, or one that opens one of its schemes, is already here
     */
    public synchronized Registry add(Driver driver) {
        requireNonNull(driver, "driver is null");
        String name = driver.name();
        if (byName.containsKey(name)) {
            throw new IllegalStateException("a driver named " + name + " is already registered");
        }
        for (String scheme : driver.schemes()) {
            Driver other = byScheme.get(scheme);
            if (other != null) {
                throw new IllegalStateException("driver " + name + " claims scheme " + scheme + ", which driver "
                        + other.name() + " already opens");
            }
        }
        byName.put(name, driver);
        for (String scheme : driver.schemes()) {
            byScheme.put(scheme, driver);
        }
        return this;
    }

    /**
     * Returns the driver of a name.
     *
     * @param name the driver's name
     * @return the driver, or empty
     */
    public synchronized Optional<Driver> driver(String name) {
        return Optional.ofNullable(byName.get(requireNonNull(name, "name is null")));
    }

    /**
     * Returns the registered drivers, in the order they were added.
     *
     * @return an unmodifiable snapshot
     */
    public synchronized List<Driver> drivers() {
        return List.copyOf(byName.values());
    }

    /**
     * Opens a connection with the driver of the DSN's scheme.
     *
     * @param config where and how to connect
     * @return the open connection; the caller closes it
     * @throws NullPointerException if config is null
     * @throws DriverException INVALID_ARGUMENT naming the known schemes if no driver opens the
     *     scheme, or whatever the driver throws
     */
    public Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        Driver driver;
        TreeSet<String> known;
        synchronized (this) {
            driver = byScheme.get(config.scheme());
            known = new TreeSet<>(byScheme.keySet());
        }
        if (driver == null) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    "tobira",
                    "open",
                    "no driver for scheme \"" + config.scheme() + "\" (known schemes: "
                            + (known.isEmpty()
                                    ? "none; add a driver module to the class path"
                                    : String.join(", ", known))
                            + ")");
        }
        return driver.open(config);
    }

    /**
     * Opens a writable connection to a DSN with default settings.
     *
     * @param dsn the DSN
     * @return the open connection; the caller closes it
     * @throws DriverException INVALID_ARGUMENT if the DSN has no scheme, else as {@link #open(ConnConfig)}
     */
    public Conn open(String dsn) {
        return open(ConnConfig.of(dsn));
    }

    /** Returns the driver names and their schemes. */
    @Override
    public synchronized String toString() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        byName.forEach((n, d) -> m.put(n, List.copyOf(new TreeSet<>(d.schemes()))));
        return "Registry" + Collections.unmodifiableMap(m);
    }
}
