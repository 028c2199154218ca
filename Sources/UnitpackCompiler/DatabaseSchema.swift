/// The schema of `units.sqlite`, format 11. `docs/database.md` documents every
/// table and column; change both together and bump `DatabaseFormat.version`.
enum DatabaseSchema {
    static let statements = [
        """
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL,
            crc INTEGER NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE categories (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            display_order INTEGER NOT NULL,
            base_unit INTEGER NOT NULL,
            dimension TEXT NOT NULL,
            cluster_rows INTEGER NOT NULL,
            crc INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE units (
            id INTEGER PRIMARY KEY,
            category INTEGER NOT NULL,
            name TEXT NOT NULL,
            symbols TEXT NOT NULL,
            factor REAL,
            to_base TEXT,
            from_base TEXT,
            priority REAL NOT NULL,
            system TEXT NOT NULL,
            tier INTEGER NOT NULL,
            flags INTEGER NOT NULL,
            usage TEXT NOT NULL,
            crc INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE name_blocks (
            block INTEGER PRIMARY KEY,
            first TEXT NOT NULL,
            next TEXT,
            size INTEGER NOT NULL,
            entries BLOB NOT NULL,
            crc INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE languages (
            code TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            complete INTEGER NOT NULL,
            decimal_separator TEXT NOT NULL,
            group_separator TEXT NOT NULL,
            primary_grouping INTEGER NOT NULL,
            secondary_grouping INTEGER NOT NULL,
            minimum_grouping_digits INTEGER NOT NULL,
            plural_rules TEXT NOT NULL,
            phrase_word_lines INTEGER NOT NULL,
            compound_rows INTEGER NOT NULL,
            minus_sign TEXT NOT NULL,
            long_pattern TEXT NOT NULL,
            short_pattern TEXT NOT NULL,
            native_numbering TEXT NOT NULL,
            native_digits TEXT NOT NULL,
            native_decimal TEXT NOT NULL,
            native_group TEXT NOT NULL,
            native_minus TEXT NOT NULL,
            latn_regions TEXT NOT NULL,
            region_separators TEXT NOT NULL,
            region_grouping TEXT NOT NULL,
            prefix_words TEXT NOT NULL,
            crc INTEGER NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE unit_words (
            first INTEGER PRIMARY KEY,
            last INTEGER NOT NULL,
            size INTEGER NOT NULL,
            words BLOB NOT NULL,
            crc INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE clusters (
            category INTEGER NOT NULL,
            usage TEXT NOT NULL,
            region TEXT NOT NULL,
            completed INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            unit INTEGER NOT NULL,
            at_least REAL NOT NULL,
            parts TEXT NOT NULL,
            crc INTEGER NOT NULL,
            PRIMARY KEY (category, usage, region, completed, rank)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE phrase_words (
            lang TEXT PRIMARY KEY,
            words TEXT NOT NULL,
            crc INTEGER NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE relations (
            kind TEXT NOT NULL,
            first INTEGER NOT NULL,
            second INTEGER NOT NULL,
            factor REAL,
            regions TEXT NOT NULL,
            first_category INTEGER NOT NULL,
            second_category INTEGER NOT NULL,
            crc INTEGER NOT NULL,
            PRIMARY KEY (kind, first, second)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE compounds (
            lang TEXT NOT NULL,
            key TEXT NOT NULL,
            form TEXT NOT NULL,
            pattern TEXT NOT NULL,
            crc INTEGER NOT NULL,
            PRIMARY KEY (lang, key, form)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE left_out_names (
            folded TEXT NOT NULL,
            unit_key TEXT NOT NULL,
            crc INTEGER NOT NULL,
            PRIMARY KEY (folded, unit_key)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX units_by_category ON units (category, priority)",
        "CREATE INDEX name_blocks_by_first ON name_blocks (first)",
    ]
}
