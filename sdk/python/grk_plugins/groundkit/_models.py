"""This package's own copies of groundkit's models, used when groundkit itself
is not importable.

Fields, types, constraints, defaults, validators and declaration order are
groundkit's as the spec gives them (BootstrapResult: docs/behaviour/paired-bootstrap.md §8;
EvalReport and the models it nests: docs/behaviour/eval-report.md §2 and §3;
Judgment and GoldSpan: docs/behaviour/judgments.md §3; BeirAdaptationReport:
docs/behaviour/beir.md §10), so that model_dump() and model_dump_json() give
groundkit's bytes and an invalid value fails with pydantic's own
ValidationError, worded as groundkit's. Class names are groundkit's too: they
appear in pydantic's messages ("1 validation error for BootstrapResult").
"""

import re
import uuid
from typing import Dict, List, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

MetricName = Literal["recall_at_1", "recall_at_5", "recall_at_10", "mrr", "ndcg_at_10"]
StageName = Literal["bm25", "dense", "fusion", "rerank"]
JudgmentCategory = Literal["normal", "ambiguous", "no_answer", "adversarial"]

QUERY_ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"

_FROZEN = ConfigDict(extra="forbid", frozen=True)


class BootstrapResult(BaseModel):
    """One paired-bootstrap comparison (docs/behaviour/paired-bootstrap.md §8)."""

    model_config = _FROZEN

    baseline: str
    candidate: str
    metric: MetricName
    query_count: int = Field(gt=0)
    resamples: int = Field(gt=0)
    seed: int
    confidence_level: float = Field(gt=0.0, lt=1.0)
    effect: float
    confidence_interval_low: float
    confidence_interval_high: float
    p_value_two_sided: float = Field(gt=0.0, le=1.0)
    significant: bool
    method: str = "paired bootstrap over query-level candidate-minus-baseline deltas"


# --- EvalReport and what it nests (docs/behaviour/eval-report.md §2) ---------

def _all_or_none(model, group, subject):
    """A field group describes one stage that ran or did not: half of it set
    is refused (docs/behaviour/eval-report.md §3, validators 3 and 4)."""
    present = [name for name in group if getattr(model, name) is not None]
    if present and len(present) != len(group):
        missing = [name for name in group if getattr(model, name) is None]
        raise ValueError(
            f"{', '.join(group)} describe {subject} and must be set together or not "
            f"at all; got {sorted(present)} without {sorted(missing)}")


class EmbeddingIdentity(BaseModel):
    model_config = _FROZEN

    provider: str
    model_name: str
    dimensions: int = Field(gt=0)


class RunConfig(BaseModel):
    model_config = _FROZEN

    chunk_size: int
    chunk_overlap: int
    top_k: int
    bm25_k1: float
    bm25_b: float
    score_threshold: Optional[float]
    embedding: Optional[EmbeddingIdentity] = None
    rrf_k: Optional[int] = Field(default=None, gt=0)
    rerank_input: Optional[StageName] = None
    rerank_candidates: Optional[int] = Field(default=None, gt=0)
    rerank_model: Optional[str] = None

    @model_validator(mode="after")
    def _dense_fields_together(self):
        _all_or_none(self, ("embedding", "rrf_k"), "a dense/fusion run")
        return self

    @model_validator(mode="after")
    def _rerank_fields_together(self):
        _all_or_none(self, ("rerank_input", "rerank_candidates", "rerank_model"), "a rerank stage")
        if self.rerank_input == "rerank":
            raise ValueError("rerank_input must name the stage rerank reordered, not 'rerank'")
        if self.rerank_candidates is not None and self.rerank_candidates < self.top_k:
            raise ValueError(
                f"rerank_candidates ({self.rerank_candidates}) must be at least top_k "
                f"({self.top_k}); reranking cannot return more results than it was given")
        return self


class RunMetadata(BaseModel):
    model_config = _FROZEN

    run_id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    started_at: str
    groundkit_version: str
    corpus_hash: str
    judgments_hash: str
    document_count: int = Field(ge=0)
    chunk_count: int = Field(ge=0)
    judgment_count: int = Field(ge=0)
    config: RunConfig


class MetricSet(BaseModel):
    model_config = _FROZEN

    query_count: int = Field(ge=0)
    recall_at_1: float = Field(ge=0.0, le=1.0)
    recall_at_5: float = Field(ge=0.0, le=1.0)
    recall_at_10: float = Field(ge=0.0, le=1.0)
    mrr: float = Field(ge=0.0, le=1.0)
    ndcg_at_10: float = Field(ge=0.0, le=1.0)


class GoldSpanResult(BaseModel):
    model_config = _FROZEN

    document: str
    start_offset: int = Field(ge=0)
    end_offset: int = Field(gt=0)
    quote: str


class RetrievedHit(BaseModel):
    model_config = _FROZEN

    rank: int = Field(ge=1)
    document: str
    start_offset: int = Field(ge=0)
    end_offset: int = Field(gt=0)
    score: float = Field(ge=0.0)
    is_relevant: bool


class QueryMetrics(BaseModel):
    model_config = _FROZEN

    recall_at_1: float = Field(ge=0.0, le=1.0)
    recall_at_5: float = Field(ge=0.0, le=1.0)
    recall_at_10: float = Field(ge=0.0, le=1.0)
    reciprocal_rank: float = Field(ge=0.0, le=1.0)
    ndcg_at_10: float = Field(ge=0.0, le=1.0)


class QueryResult(BaseModel):
    model_config = _FROZEN

    query_id: str
    query: str
    category: str
    is_no_answer: bool
    gold: List[GoldSpanResult]
    total_relevant_chunks: int = Field(ge=0)
    retrieved: List[RetrievedHit]
    metrics: Optional[QueryMetrics]
    latency_ms: float = Field(ge=0.0)

    @model_validator(mode="after")
    def _no_answer_agrees(self):
        metrics_is_none = self.metrics is None
        gold_is_empty = len(self.gold) == 0
        if not (self.is_no_answer == metrics_is_none == gold_is_empty):
            raise ValueError(
                "is_no_answer, metrics is None, and gold == [] must all agree "
                f"(is_no_answer={self.is_no_answer}, metrics_is_none={metrics_is_none}, "
                f"gold_is_empty={gold_is_empty})")
        return self


class StageResult(BaseModel):
    model_config = _FROZEN

    stage: StageName
    is_baseline: bool
    aggregate: MetricSet
    by_category: Dict[str, MetricSet]
    no_answer_query_count: int = Field(ge=0)
    no_answer_abstained_count: int = Field(ge=0)
    latency_p50_ms: float = Field(ge=0.0)
    latency_p95_ms: float = Field(ge=0.0)
    latency_p99_ms: float = Field(ge=0.0)
    queries: List[QueryResult]

    @model_validator(mode="after")
    def _abstained_within_no_answer(self):
        if self.no_answer_abstained_count > self.no_answer_query_count:
            raise ValueError(
                f"no_answer_abstained_count ({self.no_answer_abstained_count}) must not "
                f"exceed no_answer_query_count ({self.no_answer_query_count})")
        return self


class SynthesisReport(BaseModel):
    model_config = _FROZEN

    input_stage: StageName
    synthesis_provider: str
    synthesis_model: str
    synthesis_prompt_hash: str
    redacted: bool
    answered_count: int = Field(ge=0)
    abstained_count: int = Field(ge=0)
    rejected_count: int = Field(ge=0)
    judge_provider: Optional[str] = None
    judge_model: Optional[str] = None
    judge_prompt_hash: Optional[str] = None
    judged_count: Optional[int] = Field(default=None, ge=0)
    faithful_count: Optional[int] = Field(default=None, ge=0)
    unfaithful_count: Optional[int] = Field(default=None, ge=0)
    judge_error_count: Optional[int] = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _judge_fields_together(self):
        _all_or_none(self, ("judge_provider", "judge_model", "judge_prompt_hash", "judged_count",
                            "faithful_count", "unfaithful_count", "judge_error_count"), "a judge run")
        if self.judged_count is not None:
            faithful = self.faithful_count or 0
            unfaithful = self.unfaithful_count or 0
            errors = self.judge_error_count or 0
            if faithful + unfaithful + errors != self.judged_count:
                raise ValueError(
                    f"faithful_count ({faithful}) + unfaithful_count ({unfaithful}) + "
                    f"judge_error_count ({errors}) must equal judged_count ({self.judged_count})")
        return self


class EvalReport(BaseModel):
    model_config = _FROZEN

    schema_version: Literal[1] = 1
    run: RunMetadata
    stages: List[StageResult]
    synthesis: Optional[SynthesisReport] = None

    @model_validator(mode="after")
    def _one_bm25_baseline_first(self):
        if not self.stages:
            raise ValueError("stages must not be empty")
        baseline_count = sum(1 for stage in self.stages if stage.is_baseline)
        if baseline_count != 1:
            raise ValueError(f"exactly one stage must have is_baseline=True, found {baseline_count}")
        if not self.stages[0].is_baseline:
            raise ValueError("the baseline stage must be stages[0]")
        if self.stages[0].stage != "bm25":
            raise ValueError(
                f"the baseline stage must be 'bm25' (SPEC.md §6), got {self.stages[0].stage!r}")
        return self


# --- Judgments (docs/behaviour/judgments.md §3) ------------------------------

_DRIVE_LETTER = re.compile(r"^[A-Za-z]:")


class GoldSpan(BaseModel):
    model_config = _FROZEN

    doc: str
    quote: str = Field(min_length=1)

    @field_validator("doc")
    @classmethod
    def _doc_is_a_relative_posix_path(cls, doc):
        if not doc.strip():
            raise ValueError("doc must not be empty or whitespace-only")
        if "\\" in doc:
            raise ValueError(f"doc must use forward slashes, not backslashes: {doc!r}")
        if doc.startswith("/") or _DRIVE_LETTER.match(doc):
            raise ValueError(f"doc must be a relative path, not absolute: {doc!r}")
        if ".." in doc.split("/"):
            raise ValueError(f"doc must not contain '..' path segments: {doc!r}")
        return doc


class Judgment(BaseModel):
    model_config = _FROZEN

    query_id: str = Field(pattern=QUERY_ID_PATTERN)
    query: str = Field(min_length=1)
    category: JudgmentCategory
    gold: List[GoldSpan] = Field(default_factory=list)
    notes: Optional[str] = None

    @model_validator(mode="after")
    def _gold_fits_the_category(self):
        if self.category == "no_answer":
            if self.gold:
                raise ValueError("category 'no_answer' judgments must have an empty gold list")
        elif not self.gold:
            raise ValueError(f"category {self.category!r} judgments require at least one gold span")
        if self.category == "ambiguous" and len(self.gold) < 2:
            raise ValueError(
                "category 'ambiguous' requires at least 2 gold spans (distinct authored answers) "
                "\u2014 a single quote that happens to resolve to 2 chunks by boundary overlap "
                "does not qualify")
        return self


# --- BEIR (docs/behaviour/beir.md §10) ---------------------------------------

class BeirAdaptationReport(BaseModel):
    model_config = _FROZEN

    source_dir: str
    output_dir: str
    split: str
    document_count: int = Field(ge=0)
    query_count: int = Field(ge=0)
    relevance_pair_count: int = Field(ge=0)
    total_characters: int = Field(ge=0)
    corpus_dir: str
    judgments_path: str
