package dev.tobira.driver.dynamodb;

import dev.tobira.spi.CallDeadline;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One page of items as the service answered it, and whether another follows
 * ({@code LastEvaluatedKey}, {@code NextToken} or {@code UnprocessedKeys} was set).
 *
 * @param items the items of the page
 * @param more whether asking again gives the next page
 */
record ItemPage(List<Map<String, AttributeValue>> items, boolean more) {
    /** Reads pages of one call, one request each, in order. */
    interface Source {
        /**
         * Sends the request for the next page.
         *
         * @param deadline bounds the request
         * @return the page
         */
        ItemPage next(CallDeadline deadline);
    }
}
