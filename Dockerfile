# The benchmill service image: the same install steps as `make setup`.
FROM python:3.11-slim
WORKDIR /app
ENV PIP_NO_CACHE_DIR=1 HF_HUB_OFFLINE=1 PREFECT_HOME=/var/lib/benchmill/prefect
RUN apt-get update && apt-get install -y --no-install-recommends build-essential && rm -rf /var/lib/apt/lists/*
# torch first, pinned to the CPU build (any other spec drags in CUDA wheels)
RUN pip install --index-url https://download.pytorch.org/whl/cpu torch==2.13.0
COPY pyproject.toml README.md ./
COPY benchmill ./benchmill
COPY flows ./flows
COPY tasks ./tasks
COPY schemas ./schemas
COPY cli ./cli
COPY portal ./portal
COPY prompts ./prompts
COPY data ./data
RUN pip install -e .
CMD ["benchmill", "serve"]
