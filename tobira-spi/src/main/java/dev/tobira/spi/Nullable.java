package dev.tobira.spi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a toolkit method that returns {@code null} on purpose, a parameter that accepts it, or a
 * field that holds it: {@link CursorResultSet#fetch()} and {@link CursorResultSet#advance()} at the
 * end of the rows, and the toolkit's internal lookups that find nothing. Any member of this package
 * without it neither returns nor accepts {@code null}.
 *
 * <p>The toolkit stays free of third-party dependencies, so it carries its own marker; null
 * checkers such as NullAway treat any annotation named {@code Nullable} alike. A driver that
 * overrides a marked method and returns {@code null} marks its override too, with this annotation
 * or with JSpecify's. Kept in the class files, read by tools only, never at run time.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.PARAMETER, ElementType.FIELD, ElementType.LOCAL_VARIABLE})
public @interface Nullable {}
