package dev.tobira.driver.redis;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Keeps a second conformance run's report apart: the kit writes {@code <driver>.json}, so after the
 * class (extension callbacks run after the kit's own {@code @AfterAll}) the report is moved to
 * {@code <name>.json} and the earlier {@code redis.json}, if any, is put back.
 */
final class ReportAs implements BeforeAllCallback, AfterAllCallback {
    /** The name of the report file, without {@code .json}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface Name {
        String value();
    }

    private static final Path DIR = Path.of("target", "tobira-conformance");
    private static final Path KIT = DIR.resolve(RedisDriver.NAME + ".json");
    private byte[] previous;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        previous = Files.exists(KIT) ? Files.readAllBytes(KIT) : null;
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        String name = context.getRequiredTestClass().getAnnotation(Name.class).value();
        if (Files.exists(KIT)) {
            Files.move(KIT, DIR.resolve(name + ".json"), StandardCopyOption.REPLACE_EXISTING);
        }
        if (previous != null) {
            Files.write(KIT, previous);
        }
    }
}
