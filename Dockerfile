# silentlint in a container. Lint the current directory:
#   docker build -t silentlint .
#   docker run --rm -v "$PWD:/work" silentlint check .
# Add --user "$(id -u):$(id -g)" when silentlint must write a report (--output) into /work.
#
# The base is pinned by exact tag (Python 3.12.14, Debian 13 "trixie", slim), one of the tags
# docker-library/python publishes; bump it deliberately, not by a moving `3.12-slim`.

FROM python:3.12.14-slim-trixie AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY linter ./linter
COPY rules ./rules
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

FROM python:3.12.14-slim-trixie
# git: discovery asks git which files .gitignore excludes, and --changed-since reads git diff.
# The mounted repository belongs to the host's user, not to the container's, so git's
# ownership check (safe.directory) would refuse it. Debian's git is not version-pinned: the
# image should pick up the distribution's security updates when it is rebuilt.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends git \
    && rm -rf /var/lib/apt/lists/* \
    && git config --system --add safe.directory '*'
COPY --from=build /dist /dist
RUN pip install --no-cache-dir /dist/*.whl \
    && rm -rf /dist \
    && useradd --create-home --uid 10001 --user-group silentlint
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
# numeric, so runtimes that enforce runAsNonRoot can verify it without reading /etc/passwd
USER 10001:10001
# The prose analyser's patterns, compiled once at build time into this user's cache, so a run
# does not compile them again (linter/_recache.py; another --user compiles them as usual).
RUN python -c "import linter.prose"
WORKDIR /work
ENTRYPOINT ["silentlint"]
CMD ["check", "."]
