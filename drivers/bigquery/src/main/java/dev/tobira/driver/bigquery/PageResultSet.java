package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.FieldList;
import com.google.cloud.bigquery.FieldValueList;
import com.google.cloud.bigquery.TableResult;
import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.PagedResultSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A query's rows, one page of {@code tabledata.list} in memory at a time: the next page is fetched
 * with its page token only when the caller has read the one before.
 */
final class PageResultSet extends PagedResultSet<FieldValueList> {
    private final FieldList fields;
    private final CallDeadline deadline;
    private final Consumer<PageResultSet> onRelease;
    private @Nullable TableResult page;

    PageResultSet(
            FieldList fields,
            List<Column> columns,
            TableResult first,
            long limit,
            long startNanos,
            CallDeadline deadline,
            Consumer<PageResultSet> onRelease) {
        super(
                BigQueryDriver.NAME,
                columns,
                limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                startNanos,
                first.getValues());
        this.fields = fields;
        this.page = first;
        this.deadline = deadline;
        this.onRelease = onRelease;
    }

    @Override
    protected @Nullable Iterable<FieldValueList> nextPage() {
        TableResult current = page;
        if (current == null || !current.hasNextPage()) {
            page = null;
            return null;
        }
        TableResult next = CallBound.within(deadline, "query", current::getNextPage);
        page = next;
        return next.getValues();
    }

    @Override
    protected Row row(FieldValueList row) {
        Value[] values = new Value[fields.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = Values.cell(fields.get(i), i < row.size() ? row.get(i) : null);
        }
        return Row.of(columns(), values);
    }

    @Override
    protected void released() {
        page = null;
        onRelease.accept(this);
    }
}
