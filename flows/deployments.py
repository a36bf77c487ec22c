"""Every flow as a deployment of one served process (`benchmill serve`).

The Prefect UI offers "Retry" only for flow runs that belong to a deployment; a served
deployment picks an AwaitingRetry run up within seconds and its completed tasks come
back Cached, so an operator's retry resumes instead of recomputing.
"""
from __future__ import annotations

from pathlib import Path

from prefect.client.schemas.objects import ConcurrencyLimitConfig
from prefect.client.schemas.schedules import CronSchedule

from benchmill import ROOT
from benchmill.settings import Settings


def one_at_a_time() -> ConcurrencyLimitConfig:
    """One run of a deployment at a time; an overlapping run waits (AwaitingConcurrencySlot), never fails.

    Two daily runs at once would contend for the store's single writer (issue 7.11).
    """
    return ConcurrencyLimitConfig(limit=1, collision_strategy="ENQUEUE")


def build_deployments(settings: Settings, config: Path | None) -> list:
    from flows.daily_news import configured

    daily_news = configured(settings)

    params = {"config_path": str(config)} if config else {}
    deployments = [
        daily_news.to_deployment(
            name="daily",
            schedule=CronSchedule(cron=settings.schedule, timezone=settings.timezone),
            parameters=params,
            description="DRAGON daily news: crawl the configured sources, release news-<lang> increments",
            tags=["dragon", "scheduled"],
            concurrency_limit=one_at_a_time(),
        ),
        daily_news.to_deployment(
            name="on-demand",
            parameters=params,
            description="The daily news flow with sources given as parameters (one-off builds, backfills)",
            tags=["dragon"],
            concurrency_limit=one_at_a_time(),
        ),
    ]
    from flows.domain_build import domain_build

    deployments.append(domain_build.to_deployment(
        name="domain-build", parameters={"seed_dir": str(ROOT / "data" / "seeds" / "finance"), **params},
        description="RAGEval domain build from a seed folder: release <domain>-<lang> (seed_dir, docs, lang, engine, seed)",
        tags=["rageval"], concurrency_limit=one_at_a_time()))
    from flows.statements import statements

    deployments.append(statements.to_deployment(
        name="statements", parameters=params,
        description="Know Your RAG statement extraction over a folder of .txt / .md files: release kyr-<lang> "
                    "(input_dir, types, engine, seed)",
        tags=["knowyourrag"], concurrency_limit=one_at_a_time()))
    from flows.train_generator import train_generator

    deployments.append(train_generator.to_deployment(
        name="train-generator", parameters=params,
        description="Know Your RAG: train the LoRA generator on released kyr items and register it in the store "
                    "(base_model: a local seq2seq folder; sources, name, epochs, max_steps, seed, hold_out). "
                    "GPU workers in production; CPU works for small models",
        tags=["knowyourrag", "training"], concurrency_limit=one_at_a_time()))
    from flows import evaluate

    for fl in evaluate.DEPLOYABLE_FLOWS:
        deployments.append(fl.to_deployment(name="on-demand", parameters=params, tags=["evaluation"],
                                            concurrency_limit=one_at_a_time()))
    deployments.append(auto_evaluate_deployment(settings, params))
    return deployments


def release_published_trigger():
    """Run auto-evaluate for the release a ``benchmill.release.published`` event names
    (benchmill.orchestration.emit_release_published), once per event."""
    from prefect.events import DeploymentEventTrigger

    from benchmill.orchestration import RELEASE_PUBLISHED

    return DeploymentEventTrigger(
        name="on release published",
        expect={RELEASE_PUBLISHED},
        match={"prefect.resource.id": "benchmill.release.*"},
        for_each={"prefect.resource.id"},
        parameters={"collection": "{{ event.payload.collection }}", "version": "{{ event.payload.version }}"},
    )


def auto_evaluate_deployment(settings: Settings, params: dict):
    """Baselines on every new release; the trigger only while ``[auto_evaluate] enabled``
    (the deployment stays, for runs on demand and ``all_missing`` catch-ups)."""
    from flows.autoeval import auto_evaluate

    triggers = [release_published_trigger()] if settings.auto_evaluate.enabled else []
    return auto_evaluate.to_deployment(
        name="auto-evaluate", parameters=params, triggers=triggers, tags=["evaluation", "baselines"],
        description="Score the configured baselines ([auto_evaluate] systems) on a release when it is published: "
                    "<reports_dir>/baselines/<collection>@<version>/<system>.json",
        concurrency_limit=one_at_a_time())


def serve_all(settings: Settings, config: Path | None) -> None:
    from prefect import serve

    serve(*build_deployments(settings, config))
