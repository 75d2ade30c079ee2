package dev.tobira.drivertest;

import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * Starts containers through Testcontainers when the test class path has it. Reflection keeps the kit
 * free of a compile-time dependency on it: Testcontainers 1.x has no module name, and most drivers'
 * tests never get this far down the candidate list.
 */
final class Containers {
    private static final String FACTORY = "org.testcontainers.DockerClientFactory";
    private static final String CONTAINER = "org.testcontainers.containers.GenericContainer";
    private static final String WAIT = "org.testcontainers.containers.wait.strategy.Wait";
    private static final String WAIT_STRATEGY = "org.testcontainers.containers.wait.strategy.WaitStrategy";
    private static final Duration STARTUP = Duration.ofMinutes(3);

    /** Started containers, one per spec for the JVM; Testcontainers' reaper removes them when it exits. */
    private static final Map<ContainerSpec, String> STARTED = new ConcurrentHashMap<>();

    private Containers() {}

    static Optional<String> start(ContainerSpec spec, BiFunction<String, Integer, String> url) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Class<?> factory;
        try {
            factory = Class.forName(FACTORY, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    "org.testcontainers:testcontainers is not on the test class path; add it in test scope to use containers");
        }
        try {
            Object instance = factory.getMethod("instance").invoke(null);
            if (!(Boolean) factory.getMethod("isDockerAvailable").invoke(instance)) {
                throw new IllegalStateException("no Docker engine answers (Testcontainers found none)");
            }
            String started = STARTED.get(spec);
            if (started == null) {
                started = run(spec, url, loader);
                STARTED.put(spec, started);
            }
            return Optional.of(started);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(
                    "Testcontainers could not start " + spec.image() + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this Testcontainers version is not one the kit knows (1.x): " + e, e);
        }
    }

    private static String run(ContainerSpec spec, BiFunction<String, Integer, String> url, ClassLoader loader)
            throws ReflectiveOperationException {
        Class<?> type = Class.forName(CONTAINER, true, loader);
        Object container = type.getConstructor(String.class).newInstance(spec.image());
        type.getMethod("withExposedPorts", Integer[].class).invoke(container, (Object) new Integer[] {spec.port()});
        type.getMethod("withEnv", Map.class).invoke(container, spec.env());
        Class<?> wait = Class.forName(WAIT, true, loader);
        Object strategy = spec.readyLog().isPresent()
                ? wait.getMethod("forLogMessage", String.class, int.class)
                        .invoke(null, spec.readyLog().get(), spec.readyLogTimes())
                : wait.getMethod("forListeningPort").invoke(null);
        strategy = strategy.getClass()
                .getMethod("withStartupTimeout", Duration.class)
                .invoke(strategy, STARTUP);
        type.getMethod("waitingFor", Class.forName(WAIT_STRATEGY, true, loader)).invoke(container, strategy);
        type.getMethod("start").invoke(container);
        String host = (String) type.getMethod("getHost").invoke(container);
        Integer mapped = (Integer) type.getMethod("getMappedPort", int.class).invoke(container, spec.port());
        return url.apply(host, mapped);
    }
}
