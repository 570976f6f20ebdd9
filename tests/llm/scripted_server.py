#!/usr/bin/env python3
"""A scripted OpenAI-compatible chat server on 127.0.0.1, for tests of the real LLM client.

It replays request/reply pairs from a script and can be told to misbehave, so the client's retries,
timeouts and error messages meet the real thing. It serves

  POST <anything>/chat/completions                      (OpenAI, DeepSeek, Qwen, Ollama, vLLM, ...)
  POST /openai/deployments/<name>/chat/completions      (Azure OpenAI)

Script (JSON):
  {"exchanges": [
     {"match": ["encryptText", "decryptText"],   # all substrings must occur in the request's messages
      "times": 1,                                # how often this exchange may answer (default: always)
      "reply": {"status": 200, "content": "...", "usage": {"prompt_tokens": 10, "completion_tokens": 5}},
      # or "reply": {"status": 429, "headers": {"Retry-After": "1"}, "body": {...}}
      # or "fault": "hang" | "close" | "malformed"
     }, ...]}
The first exchange whose `match` holds and whose `times` is not used up answers; a request that no
exchange matches gets a 404 with an OpenAI-style error naming the model. Every request is appended
to --log as one JSON line (path, whether an Authorization header was present, the JSON body).

Prints "PORT=<n>" on its first line, then serves until --max-seconds have passed or --max-requests
were answered: it always stops by itself.
"""
import argparse
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def completion(model, content, usage):
    usage = usage or {"prompt_tokens": 0, "completion_tokens": 0}
    usage.setdefault("total_tokens", usage.get("prompt_tokens", 0) + usage.get("completion_tokens", 0))
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": usage,
    }


class Script:
    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.exchanges = json.load(f)["exchanges"]
        self.used = [0] * len(self.exchanges)
        self.lock = threading.Lock()

    def answer_for(self, text):
        with self.lock:
            for i, exchange in enumerate(self.exchanges):
                wanted = exchange.get("match", [])
                wanted = [wanted] if isinstance(wanted, str) else wanted
                times = exchange.get("times")
                if all(w in text for w in wanted) and (times is None or self.used[i] < times):
                    self.used[i] += 1
                    return exchange
        return None


def handler_for(script, log_path, hang_seconds, answered):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):  # keep the test output clean
            pass

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw)
            except ValueError:
                body = {"unparsable": raw.decode("utf-8", "replace")}
            if log_path:
                with open(log_path, "a", encoding="utf-8") as log:
                    log.write(json.dumps({"path": self.path, "authorized": "Authorization" in self.headers
                                          or "api-key" in self.headers, "body": body}) + "\n")
            answered.append(1)
            if not self.path.split("?")[0].endswith("/chat/completions"):
                return self.send_json(404, {"error": {"message": f"no route {self.path}", "type": "invalid_request_error"}})
            text = "\n".join(str(m.get("content", "")) for m in body.get("messages", []))
            exchange = script.answer_for(text)
            model = body.get("model", "")
            if exchange is None:
                return self.send_json(404, {"error": {"message": f"The model `{model}` does not exist or no scripted "
                                                      "reply matches this request", "type": "invalid_request_error",
                                                      "code": "model_not_found"}})
            fault = exchange.get("fault")
            if fault == "hang":
                time.sleep(hang_seconds)
                return self.send_json(200, completion(model, "too late", None))
            if fault == "close":
                self.close_connection = True
                self.wfile.flush()
                self.connection.shutdown(2)
                return None
            if fault == "malformed":
                return self.send_raw(200, b'{"id": "chatcmpl-broken", "choices": [')
            reply = exchange.get("reply", {})
            status = reply.get("status", 200)
            if status != 200:
                return self.send_json(status, reply.get("body", {"error": {"message": f"scripted {status}"}}),
                                      reply.get("headers", {}))
            return self.send_json(200, completion(model, reply.get("content", ""), reply.get("usage")),
                                  reply.get("headers", {}))

        def send_json(self, status, payload, headers=None):
            self.send_raw(status, json.dumps(payload).encode("utf-8"), headers)

        def send_raw(self, status, data, headers=None):
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--script", required=True)
    parser.add_argument("--log")
    parser.add_argument("--max-seconds", type=float, default=300)
    parser.add_argument("--max-requests", type=int, default=10000)
    parser.add_argument("--hang-seconds", type=float, default=30)
    args = parser.parse_args()
    answered = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(Script(args.script), args.log, args.hang_seconds, answered))
    server.daemon_threads = True
    print(f"PORT={server.server_address[1]}", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    deadline = time.time() + args.max_seconds
    while time.time() < deadline and len(answered) < args.max_requests:
        time.sleep(0.05)
    server.shutdown()


if __name__ == "__main__":
    main()
