# Build the web bundle and compile one binary with it, the migrations and the workers embedded.
FROM node:20-bookworm AS build
WORKDIR /app
COPY . .
# deno task compile (scripts/compile.ts): the workers too, and only the npm packages that run.
RUN npx -y deno install && npx -y deno task compile

FROM debian:bookworm-slim
WORKDIR /srv
COPY --from=build /app/dist/inbox /usr/local/bin/inbox
ENV DATA_DIR=/data PORT=8080
VOLUME /data
EXPOSE 8080
CMD ["inbox"]
