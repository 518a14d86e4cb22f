# Build the web bundle and compile one binary with it and the migrations embedded.
FROM node:20-bookworm AS build
WORKDIR /app
COPY . .
RUN npx -y deno install && npx -y deno task build && \
    npx -y deno compile -A --v8-flags=--expose-gc --include web/dist --include db/migrations --output dist/inbox server/main.ts

FROM debian:bookworm-slim
WORKDIR /srv
COPY --from=build /app/dist/inbox /usr/local/bin/inbox
ENV DATA_DIR=/data PORT=8080
VOLUME /data
EXPOSE 8080
CMD ["inbox"]
