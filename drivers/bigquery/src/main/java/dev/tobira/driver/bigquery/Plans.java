package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.JobStatistics.QueryStatistics;
import com.google.cloud.bigquery.TableId;
import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A dry run's statistics as an explain: statement type, bytes processed, referenced tables. */
final class Plans {
    private Plans() {}

    static Map<String, String> facts(QueryStatistics stats) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put(
                "statementType",
                stats == null || stats.getStatementType() == null
                        ? ""
                        : stats.getStatementType().name());
        facts.put(
                "totalBytesProcessed",
                stats == null || stats.getTotalBytesProcessed() == null
                        ? ""
                        : String.valueOf(stats.getTotalBytesProcessed()));
        List<TableId> tables =
                stats == null || stats.getReferencedTables() == null ? List.of() : stats.getReferencedTables();
        facts.put(
                "referencedTables",
                tables.stream()
                        .map(t -> t.getProject() + "." + t.getDataset() + "." + t.getTable())
                        .collect(Collectors.joining(", ")));
        if (stats != null && stats.getSchema() != null) {
            facts.put(
                    "schema",
                    stats.getSchema().getFields().stream()
                            .map(f -> f.getName() + " " + Values.nativeType(f))
                            .collect(Collectors.joining(", ")));
        }
        return facts;
    }

    static String text(QueryStatistics stats) {
        StringBuilder sb = new StringBuilder("dry run\n");
        facts(stats).forEach((k, v) -> sb.append(k).append(": ").append(v).append('\n'));
        return sb.toString();
    }

    static List<Row> rows(List<Column> columns, QueryStatistics stats) {
        List<Row> rows = new ArrayList<>();
        facts(stats).forEach((k, v) -> rows.add(Row.of(columns, Value.of(k), Value.of(v))));
        return rows;
    }
}
