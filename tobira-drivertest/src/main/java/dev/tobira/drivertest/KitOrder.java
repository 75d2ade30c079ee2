package dev.tobira.drivertest;

import java.lang.reflect.InvocationTargetException;
import java.util.Comparator;
import java.util.Optional;
import org.junit.jupiter.api.MethodDescriptor;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.MethodOrdererContext;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The kit's test order: the {@link Order} annotations (the contract, then capabilities, then the
 * guard), or, when the run configures {@code junit.jupiter.testmethod.order.default} (for example
 * {@code MethodOrderer$Random}, to show that no test depends on another), that orderer. Either way
 * the summary, {@code @Order(Integer.MAX_VALUE)}, runs last: it sums up what the others recorded,
 * so it is no test of its own that an order could change.
 */
final class KitOrder implements MethodOrderer {
    static final String DEFAULT_ORDER = "junit.jupiter.testmethod.order.default";

    /** Made by JUnit. */
    KitOrder() {}

    @Override
    public void orderMethods(MethodOrdererContext context) {
        orderer(context).orderMethods(context);
        // stable: the summary moves to the end, the others keep the order just given
        context.getMethodDescriptors().sort(Comparator.comparing(KitOrder::summary));
    }

    @Override
    public Optional<ExecutionMode> getDefaultExecutionMode() {
        return Optional.of(ExecutionMode.SAME_THREAD);
    }

    private static boolean summary(MethodDescriptor m) {
        return m.findAnnotation(Order.class)
                .map(o -> o.value() == Integer.MAX_VALUE)
                .orElse(false);
    }

    private static MethodOrderer orderer(MethodOrdererContext context) {
        Optional<String> name = context.getConfigurationParameter(DEFAULT_ORDER)
                .map(String::strip)
                .filter(n -> !n.isEmpty() && !n.equals(KitOrder.class.getName()));
        if (name.isEmpty()) {
            return new MethodOrderer.OrderAnnotation();
        }
        try {
            Class<?> type =
                    Class.forName(name.get(), true, Thread.currentThread().getContextClassLoader());
            return (MethodOrderer) type.getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException
                | ClassCastException
                | NoSuchMethodException
                | InstantiationException
                | IllegalAccessException
                | InvocationTargetException e) {
            throw new IllegalArgumentException(DEFAULT_ORDER + " names no method orderer: " + name.get(), e);
        }
    }
}
