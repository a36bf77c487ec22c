"""Every flow as a deployment of one served process (`benchmill serve`).

The Prefect UI offers "Retry" only for flow runs that belong to a deployment; a served
deployment picks an AwaitingRetry run up within seconds and its completed tasks come
back Cached, so an operator's retry resumes instead of recomputing.
"""
from __future__ import annotations

from pathlib import Path

from prefect.client.schemas.schedules import CronSchedule

from benchmill.settings import Settings


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
        ),
        daily_news.to_deployment(
            name="on-demand",
            parameters=params,
            description="The daily news flow with sources given as parameters (one-off builds, backfills)",
            tags=["dragon"],
        ),
    ]
    from flows import evaluate

    for fl in evaluate.DEPLOYABLE_FLOWS:
        deployments.append(fl.to_deployment(name="on-demand", parameters=params, tags=["evaluation"]))
    return deployments


def serve_all(settings: Settings, config: Path | None) -> None:
    from prefect import serve

    serve(*build_deployments(settings, config))
