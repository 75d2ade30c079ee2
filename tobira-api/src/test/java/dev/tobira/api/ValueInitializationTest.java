package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

class ValueInitializationTest {
    private static final int ROUNDS = 200;

    /**
     * JLS 12.4.2: initializing a class first initializes its superinterfaces that declare a default
     * method. If {@code Value} had one, a thread initializing {@code Value.Null} would wait for
     * {@code Value}, whose {@code NULL} initializer waits for {@code Value.Null}: a deadlock.
     * Each round loads the classes afresh, so both initializations race from the start.
     */
    @Test
    void valueAndItsNullInitializeAtOnceWithoutDeadlock() throws Exception {
        URL classes = Value.class.getProtectionDomain().getCodeSource().getLocation();
        for (int round = 0; round < ROUNDS; round++) {
            try (URLClassLoader loader =
                    new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
                CyclicBarrier start = new CyclicBarrier(2);
                Thread a = initializer(loader, "dev.tobira.api.Value", start);
                Thread b = initializer(loader, "dev.tobira.api.Value$Null", start);
                a.start();
                b.start();
                a.join(5_000);
                b.join(5_000);
                assertFalse(a.isAlive() || b.isAlive(), "class initialization deadlocked in round " + round);
                Class<?> value = Class.forName("dev.tobira.api.Value", false, loader);
                Object nul = value.getField("NULL").get(null);
                assertTrue((Boolean) value.getMethod("isNull").invoke(nul), "Value.NULL is not null in round " + round);
            }
        }
    }

    private static Thread initializer(ClassLoader loader, String name, CyclicBarrier start) {
        Thread t = new Thread(() -> {
            try {
                start.await();
                Class.forName(name, true, loader);
            } catch (ClassNotFoundException | InterruptedException | BrokenBarrierException e) {
                throw new IllegalStateException(e);
            }
        });
        // a deadlocked thread cannot be stopped: it must not keep the test JVM alive
        t.setDaemon(true);
        return t;
    }
}
