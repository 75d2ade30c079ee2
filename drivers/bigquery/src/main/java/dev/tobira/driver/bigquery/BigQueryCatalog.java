package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.BigQuery;
import com.google.cloud.bigquery.BigQueryException;
import com.google.cloud.bigquery.ColumnReference;
import com.google.cloud.bigquery.Dataset;
import com.google.cloud.bigquery.DatasetId;
import com.google.cloud.bigquery.Field;
import com.google.cloud.bigquery.ForeignKey;
import com.google.cloud.bigquery.Schema;
import com.google.cloud.bigquery.StandardTableDefinition;
import com.google.cloud.bigquery.Table;
import com.google.cloud.bigquery.TableConstraints;
import com.google.cloud.bigquery.TableDefinition;
import com.google.cloud.bigquery.TableId;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.base.Catalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Datasets as namespaces, tables and views as collections, {@code describe} from a table's metadata. */
final class BigQueryCatalog implements Catalog {
    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}_ -]{1,1024}");

    private final BigQuery bigquery;
    private final Target target;

    BigQueryCatalog(BigQuerySession session) {
        this.bigquery = session.client();
        this.target = session.target();
    }

    @Override
    public List<String> namespaces() {
        try {
            List<String> out = new ArrayList<>();
            for (Dataset d : bigquery.listDatasets(target.project()).iterateAll()) {
                out.add(d.getDatasetId().getDataset());
            }
            return List.copyOf(out);
        } catch (BigQueryException e) {
            throw BigQueryErrors.of("namespaces", e);
        }
    }

    @Override
    public List<CollectionRef> collections(Optional<String> namespace) {
        String dataset = dataset(namespace.orElse(""), "collections");
        try {
            com.google.api.gax.paging.Page<Table> page = bigquery.listTables(DatasetId.of(target.project(), dataset));
            List<CollectionRef> out = new ArrayList<>();
            for (Table t : page.iterateAll()) {
                out.add(CollectionRef.of(dataset, t.getTableId().getTable()));
            }
            return List.copyOf(out);
        } catch (BigQueryException e) {
            throw BigQueryErrors.of("collections", e);
        }
    }

    /** The tables of a namespace, or of the default dataset; empty when there is none, for completions. */
    List<String> tableNames(String namespace) {
        if (namespace.isEmpty() && target.dataset().isEmpty()) {
            return List.of();
        }
        return collections(namespace.isEmpty() ? Optional.empty() : Optional.of(namespace)).stream()
                .map(CollectionRef::name)
                .toList();
    }

    @Override
    public CollectionInfo describe(CollectionRef ref) {
        Table table = table(ref, "describe");
        TableDefinition def = table.getDefinition();
        Schema schema = def.getSchema();
        List<Column> fields = new ArrayList<>();
        if (schema != null) {
            for (Field f : schema.getFields()) {
                fields.add(Column.of(
                        f.getName(), Values.kind(f), Values.nativeType(f), f.getMode() != Field.Mode.REQUIRED));
            }
        }
        List<String> primaryKey = List.of();
        List<CollectionInfo.ForeignKey> foreignKeys = new ArrayList<>();
        TableConstraints constraints = table.getTableConstraints();
        if (constraints != null) {
            if (constraints.getPrimaryKey() != null
                    && constraints.getPrimaryKey().getColumns() != null) {
                primaryKey = constraints.getPrimaryKey().getColumns();
            }
            if (constraints.getForeignKeys() != null) {
                for (ForeignKey fk : constraints.getForeignKeys()) {
                    List<String> from = new ArrayList<>();
                    List<String> to = new ArrayList<>();
                    for (ColumnReference c : fk.getColumnReferences()) {
                        from.add(c.getReferencingColumn());
                        to.add(c.getReferencedColumn());
                    }
                    TableId target = fk.getReferencedTable();
                    CollectionRef referenced = CollectionRef.of(target.getDataset(), target.getTable());
                    String name = fk.getName();
                    foreignKeys.add(
                            name == null || name.isEmpty()
                                    ? CollectionInfo.ForeignKey.of(from, referenced, to)
                                    : CollectionInfo.ForeignKey.of(name, from, referenced, to));
                }
            }
        }
        List<CollectionInfo.Index> indexes = new ArrayList<>();
        if (def instanceof StandardTableDefinition) {
            StandardTableDefinition std = (StandardTableDefinition) def;
            // BigQuery has no indexes; partitioning and clustering are the facts a reader plans by
            if (std.getTimePartitioning() != null) {
                String field = std.getTimePartitioning().getField();
                indexes.add(new CollectionInfo.Index(
                        "partitioning " + std.getTimePartitioning().getType(),
                        field == null ? List.of("_PARTITIONTIME") : List.of(field),
                        false));
            }
            if (std.getRangePartitioning() != null) {
                indexes.add(new CollectionInfo.Index(
                        "partitioning RANGE", List.of(std.getRangePartitioning().getField()), false));
            }
            if (std.getClustering() != null && std.getClustering().getFields() != null) {
                indexes.add(new CollectionInfo.Index(
                        "clustering", std.getClustering().getFields(), false));
            }
        }
        String type = def.getType() == null
                ? "table"
                : def.getType().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return new CollectionInfo(
                CollectionRef.of(ref.namespace().orElse(table.getTableId().getDataset()), ref.name()),
                type,
                fields,
                primaryKey,
                foreignKeys,
                indexes);
    }

    /** The table or view a reference names, in its dataset or the default one. */
    Table table(CollectionRef ref, String op) {
        String dataset = dataset(ref.namespace().orElse(""), op);
        if (!NAME.matcher(ref.name()).matches()) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    BigQueryDriver.NAME,
                    op,
                    "a table name holds letters, digits, underscores, dashes and spaces only");
        }
        try {
            Table table = bigquery.getTable(TableId.of(target.project(), dataset, ref.name()));
            if (table == null) {
                throw DriverException.of(
                        ErrorKind.NOT_FOUND,
                        BigQueryDriver.NAME,
                        op,
                        "no table or view " + ref.name() + " in dataset " + dataset);
            }
            return table;
        } catch (BigQueryException e) {
            throw BigQueryErrors.of(op, e);
        }
    }

    private String dataset(String namespace, String op) {
        String dataset = namespace.isEmpty() ? target.dataset().orElse("") : namespace;
        if (dataset.isEmpty()) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    BigQueryDriver.NAME,
                    op,
                    "name a dataset: the DSN has no default dataset (bigquery://project/dataset)");
        }
        if (!dataset.matches("[A-Za-z0-9_]{1,1024}")) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    BigQueryDriver.NAME,
                    op,
                    "a dataset id holds letters, digits and underscores only");
        }
        return dataset;
    }
}
