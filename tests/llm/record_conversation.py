#!/usr/bin/env python3
"""Turn a run's LLM cache (target/mr-coupler/llm-cache: each request with the model's real reply)
into a script for scripted_server.py, so a CI test replays what a real model answered.

  record_conversation.py CACHE_DIR OUT.json [--pair TEXT ...] [--note TEXT]

Each exchange matches the first coupling-feature sentence of its pair's prompt (what tells the
pairs apart) and the first line of its last user message (which phase asks: generation,
refinement, amplification, the re-ask), answers once ("times": 1), and is written in the order the
requests were made, so a pair's second refinement answers after its first. --pair keeps only the
pairs whose feature sentence contains TEXT. The replies and their token counts are copied as they
are: nothing is written by hand.
"""
import argparse
import json
import os


def feature_sentence(first_user):
    marker = "# Coupling features of the paired methods"
    at = first_user.find(marker)
    if at < 0:
        return None
    for line in first_user[at + len(marker):].splitlines():
        if line.startswith("* "):  # the first feature; its sub-headings are the same for every pair
            return line.strip()
        if line.startswith("# "):
            break
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cache")
    parser.add_argument("out")
    parser.add_argument("--pair", action="append", default=[])
    parser.add_argument("--note", default="")
    args = parser.parse_args()
    entries = []
    for folder, _, files in os.walk(args.cache):
        for name in files:
            if name.endswith(".json"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    entries.append((os.path.getmtime(path), json.load(f)))
    entries.sort(key=lambda e: e[0])  # the order the replies came in
    exchanges = []
    for _, entry in entries:
        messages = entry["request"]["messages"]
        users = [m["content"] for m in messages if m["role"] == "user"]
        pair = feature_sentence(users[0])
        if pair is None or (args.pair and not any(p in pair for p in args.pair)):
            continue
        asks = users[-1].strip().splitlines()[0]
        usage = entry.get("usage", {})
        exchanges.append({
            "match": [pair, asks],
            "times": 1,
            "reply": {"content": entry["content"], "usage": {
                "prompt_tokens": usage.get("promptTokens", usage.get("prompt_tokens", 0)),
                "completion_tokens": usage.get("completionTokens", usage.get("completion_tokens", 0))}},
        })
    script = {"recorded": args.note, "exchanges": exchanges}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(script, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(exchanges)} exchange(s) written to {args.out}")


if __name__ == "__main__":
    main()
