package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.BigQuery;
import com.google.cloud.bigquery.BigQueryException;
import com.google.cloud.bigquery.FieldValueList;
import com.google.cloud.bigquery.Schema;
import com.google.cloud.bigquery.Table;
import com.google.cloud.bigquery.TableDefinition;
import com.google.cloud.bigquery.TableResult;
import dev.tobira.api.Browser;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Page;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Pages of a stored table through {@code tabledata.list}, which reads its rows page by page without
 * a job (and without a bill); the cursor is BigQuery's page token.
 */
final class BigQueryBrowser implements Browser {
    private final BigQuery bigquery;
    private final BigQueryCatalog catalog;

    BigQueryBrowser(BigQuerySession session, BigQueryCatalog catalog) {
        this.bigquery = session.client();
        this.catalog = catalog;
    }

    @Override
    public Page browse(CollectionRef ref, Optional<String> after, int size) {
        String cursor = after.orElse(""); // the first page, in this driver's own cursor text
        Table table = catalog.table(ref, "browse");
        if (!TableDefinition.Type.TABLE.equals(table.getDefinition().getType())) {
            throw DriverException.of(
                    ErrorKind.UNSUPPORTED,
                    BigQueryDriver.NAME,
                    "browse",
                    "tabledata.list reads stored tables only; query a view instead");
        }
        Schema schema = table.getDefinition().getSchema();
        List<Column> columns = Values.columns(schema.getFields());
        try {
            List<BigQuery.TableDataListOption> options = new ArrayList<>();
            options.add(BigQuery.TableDataListOption.pageSize(size));
            if (cursor != null && !cursor.isEmpty()) {
                options.add(BigQuery.TableDataListOption.pageToken(cursor));
            }
            TableResult page = bigquery.listTableData(
                    table.getTableId(), schema, options.toArray(new BigQuery.TableDataListOption[0]));
            List<Row> rows = new ArrayList<>();
            for (FieldValueList cells : page.getValues()) {
                Value[] values = new Value[columns.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = Values.cell(schema.getFields().get(i), i < cells.size() ? cells.get(i) : null);
                }
                rows.add(Row.of(columns, values));
                if (rows.size() == size) {
                    break;
                }
            }
            String next = page.hasNextPage() && page.getNextPageToken() != null ? page.getNextPageToken() : "";
            return next.isEmpty() ? Page.last(columns, rows) : Page.of(columns, rows, next);
        } catch (BigQueryException e) {
            throw BigQueryErrors.of("browse", e);
        }
    }
}
