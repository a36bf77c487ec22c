"""DuckDB schema of the benchmill store, as ordered migrations.

Append a migration to change the schema; never edit an applied one. A store whose
schema_version is newer than the last migration here was written by a newer benchmill
and is refused (see benchmill.store.Store).
"""
from __future__ import annotations

MIGRATIONS: list[tuple[int, str, str]] = [
    (
        1,
        "initial schema",
        """
        CREATE TABLE runs (
            run_id VARCHAR PRIMARY KEY,
            flow VARCHAR NOT NULL,
            params JSON,
            status VARCHAR NOT NULL,          -- running | completed | failed
            started_at TIMESTAMP NOT NULL,
            ended_at TIMESTAMP,
            prefect_flow_run_id VARCHAR,
            llm_calls BIGINT DEFAULT 0,
            llm_cached BIGINT DEFAULT 0,
            llm_failures BIGINT DEFAULT 0,
            prompt_tokens BIGINT DEFAULT 0,
            completion_tokens BIGINT DEFAULT 0,
            llm_latency_s DOUBLE DEFAULT 0,
            cost_usd DOUBLE DEFAULT 0,
            summary JSON,
            error VARCHAR
        );
        CREATE TABLE sources (
            name VARCHAR PRIMARY KEY,
            kind VARCHAR NOT NULL,
            location VARCHAR NOT NULL,
            lang VARCHAR,
            first_run VARCHAR
        );
        CREATE TABLE documents (
            doc_id VARCHAR PRIMARY KEY,
            canonical_url VARCHAR NOT NULL UNIQUE,
            source VARCHAR NOT NULL,
            lang VARCHAR NOT NULL,
            first_run VARCHAR NOT NULL,
            first_seen_at TIMESTAMP NOT NULL
        );
        -- one row per distinct content of a document; the newest seq is the current text
        CREATE TABLE document_versions (
            version_id VARCHAR PRIMARY KEY,
            doc_id VARCHAR NOT NULL,
            seq INTEGER NOT NULL,
            content_hash VARCHAR NOT NULL,
            url VARCHAR NOT NULL,
            title VARCHAR,
            author VARCHAR,
            published TIMESTAMP,
            text VARCHAR NOT NULL,
            new_paragraphs VARCHAR[] NOT NULL,
            fetched_at TIMESTAMP NOT NULL,
            run_id VARCHAR NOT NULL,
            -- NULL while pending: the increment is every version no completed run consumed
            consumed_by VARCHAR,
            consumed_at TIMESTAMP,
            UNIQUE (doc_id, seq)
        );
        CREATE TABLE failures (
            run_id VARCHAR NOT NULL,
            stage VARCHAR NOT NULL,
            key VARCHAR NOT NULL,
            reason VARCHAR NOT NULL,
            kind VARCHAR NOT NULL,
            recorded_at TIMESTAMP NOT NULL,
            PRIMARY KEY (run_id, stage, key)
        );
        CREATE TABLE triplets (
            triplet_id VARCHAR PRIMARY KEY,
            doc_id VARCHAR NOT NULL,
            version_id VARCHAR NOT NULL,
            lang VARCHAR NOT NULL,
            sentence VARCHAR NOT NULL,
            subject VARCHAR NOT NULL,
            relation VARCHAR NOT NULL,
            object VARCHAR NOT NULL,
            subject_label VARCHAR,
            object_label VARCHAR,
            engine VARCHAR NOT NULL,
            run_id VARCHAR NOT NULL,
            novelty VARCHAR,                   -- novel | known (NULL until decided)
            novelty_reason VARCHAR
        );
        CREATE TABLE entities (
            surface VARCHAR NOT NULL,
            lang VARCHAR NOT NULL,
            node_id VARCHAR NOT NULL,
            qid VARCHAR,
            label VARCHAR NOT NULL,
            score DOUBLE,
            method VARCHAR NOT NULL,
            run_id VARCHAR NOT NULL,
            PRIMARY KEY (surface, lang)
        );
        CREATE TABLE edges (
            edge_id VARCHAR PRIMARY KEY,
            head VARCHAR NOT NULL,
            relation VARCHAR NOT NULL,
            tail VARCHAR NOT NULL,
            head_label VARCHAR NOT NULL,
            tail_label VARCHAR NOT NULL,
            lang VARCHAR NOT NULL,
            doc_ids VARCHAR[] NOT NULL,
            sentences VARCHAR[] NOT NULL,
            triplet_ids VARCHAR[] NOT NULL,
            first_run VARCHAR NOT NULL
        );
        CREATE TABLE items (
            item_id VARCHAR PRIMARY KEY,
            method VARCHAR NOT NULL,
            type VARCHAR NOT NULL,
            lang VARCHAR NOT NULL,
            question VARCHAR NOT NULL,
            answers VARCHAR[] NOT NULL,
            "references" VARCHAR[] NOT NULL,
            keypoints VARCHAR[] NOT NULL,
            doc_ids VARCHAR[] NOT NULL,
            subgraph JSON,
            config JSON,
            engine VARCHAR NOT NULL,
            model VARCHAR,
            prompt_name VARCHAR,
            prompt_hash VARCHAR,
            source_hashes VARCHAR[] NOT NULL,
            run_id VARCHAR NOT NULL,
            created_at TIMESTAMP NOT NULL
        );
        CREATE TABLE verdicts (
            item_id VARCHAR NOT NULL,
            filter VARCHAR NOT NULL,
            status VARCHAR NOT NULL,          -- passed | rejected | skipped | error
            score DOUBLE,
            reason VARCHAR NOT NULL,
            run_id VARCHAR NOT NULL,
            recorded_at TIMESTAMP NOT NULL,
            PRIMARY KEY (item_id, filter)
        );
        CREATE TABLE releases (
            collection VARCHAR NOT NULL,
            version VARCHAR NOT NULL,
            major INTEGER NOT NULL,
            minor INTEGER NOT NULL,
            patch INTEGER NOT NULL,
            parent VARCHAR,
            created_at TIMESTAMP NOT NULL,
            run_id VARCHAR NOT NULL,
            manifest JSON NOT NULL,
            PRIMARY KEY (collection, version)
        );
        -- an item is released at most once per collection: the primary key says so
        CREATE TABLE release_items (
            collection VARCHAR NOT NULL,
            version VARCHAR NOT NULL,
            item_id VARCHAR NOT NULL,
            public_id INTEGER NOT NULL,
            PRIMARY KEY (collection, item_id)
        );
        CREATE TABLE release_texts (
            collection VARCHAR NOT NULL,
            version VARCHAR NOT NULL,
            doc_id VARCHAR NOT NULL,
            version_id VARCHAR NOT NULL,
            public_id INTEGER NOT NULL,
            PRIMARY KEY (collection, version, doc_id)
        );
        """,
    ),
    (
        2,
        "release_settled: items a release decided on without releasing them",
        """
        -- written with the release rows, in the same transaction: an accepted item over the
        -- quota ('held_back') or a rejected item ('rejected') belongs to that release's cycle
        -- and to no later one. Items with a transient error verdict are not settled: they
        -- stay candidates until a run decides them.
        CREATE TABLE release_settled (
            collection VARCHAR NOT NULL,
            version VARCHAR NOT NULL,
            item_id VARCHAR NOT NULL,
            outcome VARCHAR NOT NULL,         -- held_back | rejected
            PRIMARY KEY (collection, item_id)
        );
        """,
    ),
    (
        3,
        "verdicts carry a machine reason code (issue 7.12)",
        """
        ALTER TABLE verdicts ADD COLUMN code VARCHAR NOT NULL DEFAULT '';
        """,
    ),
    (
        4,
        "passages: every releasable text, whatever made it (issue 8)",
        """
        -- one row per releasable text: a crawled document version, a generated document, a
        -- chunk. passage_id is derived from the content (a crawled version keeps its
        -- version_id, itself a hash of document and content); doc_id is the logical
        -- document items cite, seq orders its passages (the newest is the current text).
        -- A passage is offered to releases of its method and language once ready_by is set
        -- (the daily news: when a completed run consumed the version; a generator that
        -- writes finished documents: at once). release_texts.version_id is a passage_id.
        CREATE TABLE passages (
            passage_id VARCHAR PRIMARY KEY,
            doc_id VARCHAR NOT NULL,
            seq INTEGER NOT NULL,
            kind VARCHAR NOT NULL,            -- document_version | generated_document | chunk
            method VARCHAR NOT NULL,          -- the generator whose collections may release it
            lang VARCHAR NOT NULL,
            title VARCHAR,
            text VARCHAR NOT NULL,
            content_hash VARCHAR NOT NULL,
            parent_id VARCHAR,                -- lineage: the passage a chunk was cut from, ...
            lineage JSON,                     -- generator-specific: config id, prompt, model...
            run_id VARCHAR NOT NULL,
            created_at TIMESTAMP NOT NULL,
            ready_by VARCHAR,
            UNIQUE (doc_id, seq)
        );
        INSERT INTO passages
            SELECT v.version_id, v.doc_id, v.seq, 'document_version', 'dragon', d.lang, v.title, v.text,
                   v.content_hash, NULL, NULL, v.run_id, v.fetched_at, v.consumed_by
            FROM document_versions v JOIN documents d USING (doc_id);
        """,
    ),
    (
        5,
        "facts carry modality and entity types; removed documents are recorded (issue 10)",
        """
        -- asserted | planned | possible | negated | conditional: a plan is never phrased as done
        ALTER TABLE triplets ADD COLUMN modality VARCHAR NOT NULL DEFAULT 'asserted';
        ALTER TABLE edges ADD COLUMN modality VARCHAR NOT NULL DEFAULT 'asserted';
        -- coarse entity types of the edge's ends (person | org | place | date | quantity | money | other),
        -- so that question words fit ("Who", "Where", "When", "How much")
        ALTER TABLE edges ADD COLUMN head_type VARCHAR;
        ALTER TABLE edges ADD COLUMN tail_type VARCHAR;
        -- a document gone from its feed or answering 404/410 on re-crawl; its released items stay
        -- released (releases are immutable), it simply gets no new versions
        CREATE TABLE document_removals (
            doc_id VARCHAR NOT NULL,
            run_id VARCHAR NOT NULL,
            detected_at TIMESTAMP NOT NULL,
            reason VARCHAR NOT NULL,          -- e.g. 'http 404', 'gone from feed'
            PRIMARY KEY (doc_id, run_id)
        );
        """,
    ),
    (
        6,
        "models: trained generators (LoRA adapters) registered by train-generator (issue 9)",
        """
        -- one row per trained adapter; model_id is derived from the adapter's content, so
        -- registering the same weights twice is one model
        CREATE TABLE models (
            model_id VARCHAR PRIMARY KEY,
            name VARCHAR NOT NULL,
            version VARCHAR NOT NULL,
            kind VARCHAR NOT NULL,            -- kyr-t5-lora
            base_model VARCHAR NOT NULL,      -- the base model folder
            adapter_path VARCHAR NOT NULL,    -- the version directory (adapter, tokenizer, card)
            training_data VARCHAR[] NOT NULL, -- collection@version of the releases it was trained on
            data_hash VARCHAR NOT NULL,
            metrics JSON,
            run_id VARCHAR,
            created_at TIMESTAMP NOT NULL
        );
        """,
    ),
    (
        7,
        "what each web source listed on its last crawl, to re-check articles that drop out (issue 10)",
        """
        -- an article a site deletes drops out of its feed, so its 404 is seen only by fetching
        -- it again: the next crawl re-checks the known articles of this listing it no longer names
        CREATE TABLE source_listings (
            source VARCHAR NOT NULL,
            canonical_url VARCHAR NOT NULL,
            PRIMARY KEY (source, canonical_url)
        );
        """,
    ),
]

LATEST_VERSION = MIGRATIONS[-1][0]
