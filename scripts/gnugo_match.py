#!/usr/bin/env python3
"""Refereed Go matches: `cgtk gtp` against GNU Go over GTP on 9x9.

Every move cgtk makes is first checked with GNU Go's `is_legal`; games end with two
passes in a row (or a resignation, or the move cap); each finished game is scored with
both programs' `final_score` (GNU Go removes the stones it judges dead; cgtk counts every
stone as alive, Tromp-Taylor). Time is bounded per game and in total.

Prints one line per game and a summary line:
    summary: games=N cgtk_wins=W gnugo_wins=L illegal=I errors=E winner_agreement=A/N exact_score_agreement=X/N
(the winner by both programs' `final_score`, and the exact score; they differ when GNU Go
removes stones it judges dead)
Exit status 1 when cgtk made an illegal move or a protocol error occurred.

Usage: scripts/gnugo_match.py [--games 4] [--level 1] [--playouts 2000] [--no-rave]
       [--cgtk target/release/cgtk] [--game-seconds 300] [--total-seconds 1200]
"""

import argparse
import os
import select
import shutil
import subprocess
import sys
import time


class GtpError(Exception):
    pass


class Gtp:
    """One GTP program on pipes; every command has a deadline."""

    def __init__(self, argv, name):
        self.name = name
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.next_id = 1
        self.buf = b""

    def send(self, command, deadline):
        cid = self.next_id
        self.next_id += 1
        try:
            self.proc.stdin.write(f"{cid} {command}\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise GtpError(f"{self.name}: cannot send {command!r}: {e}")
        # Read raw bytes (a buffered reader would hide data from select) up to the blank
        # line that ends a reply.
        fd = self.proc.stdout.fileno()
        while b"\n\n" not in self.buf.lstrip(b"\n"):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise GtpError(f"{self.name}: timeout on {command!r}")
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise GtpError(f"{self.name}: closed its output on {command!r}")
            self.buf += chunk.replace(b"\r", b"")
        self.buf = self.buf.lstrip(b"\n")
        reply, self.buf = self.buf.split(b"\n\n", 1)
        lines = reply.decode("utf-8", "replace").split("\n")
        head = lines[0]
        prefix_ok, prefix_err = f"={cid}", f"?{cid}"
        if head.startswith(prefix_ok):
            return "\n".join([head[len(prefix_ok):].strip()] + lines[1:]).strip()
        if head.startswith(prefix_err):
            raise GtpError(f"{self.name}: {command!r} refused: {head[len(prefix_err):].strip()}")
        raise GtpError(f"{self.name}: malformed reply {head!r} to {command!r}")

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def winner_of(score):
    """'B', 'W' or '0' from a GTP score such as 'B+3.5'."""
    score = score.strip()
    return score[0] if score[:1] in ("B", "W") else "0"


def play_game(args, game_no, cgtk_color, total_deadline):
    deadline = min(time.monotonic() + args.game_seconds, total_deadline)
    cgtk = Gtp([args.cgtk, "gtp", "--playouts", str(args.playouts),
                "--seed", str(game_no + 1)] + (["--no-rave"] if args.no_rave else []),
               "cgtk")
    gnugo = Gtp([args.gnugo, "--mode", "gtp", "--chinese-rules", "--level",
                 str(args.level), "--seed", str(game_no + 1)], "gnugo")
    result = {"game": game_no + 1, "cgtk": cgtk_color, "illegal": 0, "error": None}
    try:
        for p in (cgtk, gnugo):
            p.send(f"boardsize {args.size}", deadline)
            p.send("clear_board", deadline)
            p.send(f"komi {args.komi}", deadline)
        color, passes, moves = "B", 0, 0
        while passes < 2 and moves < args.max_moves:
            if color == cgtk_color:
                mv = cgtk.send(f"genmove {color}", deadline)
                if mv.lower() == "resign":
                    result["resigned"] = "cgtk"
                    break
                if mv.lower() != "pass" and gnugo.send(f"is_legal {color} {mv}", deadline) != "1":
                    result["illegal"] += 1
                    result["error"] = f"cgtk played illegal {color} {mv} at move {moves + 1}"
                    break
                gnugo.send(f"play {color} {mv}", deadline)
            else:
                mv = gnugo.send(f"genmove {color}", deadline)
                if mv.lower() == "resign":
                    result["resigned"] = "gnugo"
                    break
                cgtk.send(f"play {color} {mv}", deadline)
            passes = passes + 1 if mv.lower() == "pass" else 0
            color = "W" if color == "B" else "B"
            moves += 1
        result["moves"] = moves
        result["cgtk_score"] = cgtk.send("final_score", deadline)
        result["gnugo_score"] = gnugo.send("final_score", deadline)
    except GtpError as e:
        result["error"] = str(e)
    finally:
        cgtk.close()
        gnugo.close()
    if "resigned" in result:
        loser_is_cgtk = result["resigned"] == "cgtk"
        result["winner"] = "gnugo" if loser_is_cgtk else "cgtk"
    elif "gnugo_score" in result:
        w = winner_of(result["gnugo_score"])
        result["winner"] = "cgtk" if w == cgtk_color else ("draw" if w == "0" else "gnugo")
    else:
        result["winner"] = "none"
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--level", type=int, default=1, help="GNU Go level (0-10)")
    ap.add_argument("--playouts", type=int, default=2000, help="cgtk playouts per move")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--max-moves", type=int, default=300)
    ap.add_argument("--cgtk", default=os.path.join("target", "release", "cgtk"))
    ap.add_argument("--no-rave", action="store_true",
                    help="run `cgtk gtp --no-rave` (plain UCT)")
    ap.add_argument("--gnugo", default="gnugo")
    ap.add_argument("--game-seconds", type=float, default=300)
    ap.add_argument("--total-seconds", type=float, default=1200)
    args = ap.parse_args()
    if shutil.which(args.gnugo) is None and os.path.exists("/usr/games/gnugo"):
        args.gnugo = "/usr/games/gnugo"  # Debian's place, often not on the PATH
    if shutil.which(args.gnugo) is None:
        print(f"warning: {args.gnugo} not found; no match played")
        return 0
    if not os.path.exists(args.cgtk) and shutil.which(args.cgtk) is None:
        print(f"error: cgtk binary {args.cgtk} not found (build it first)")
        return 2
    total_deadline = time.monotonic() + args.total_seconds
    wins = losses = illegal = errors = agree = exact = scored = 0
    played = 0
    for g in range(args.games):
        if time.monotonic() >= total_deadline:
            print("total time used up; stopping")
            break
        cgtk_color = "B" if g % 2 == 0 else "W"
        start = time.monotonic()
        r = play_game(args, g, cgtk_color, total_deadline)
        played += 1
        wins += r["winner"] == "cgtk"
        losses += r["winner"] == "gnugo"
        illegal += r["illegal"]
        errors += r["error"] is not None
        if "gnugo_score" in r:
            scored += 1
            agree += winner_of(r["gnugo_score"]) == winner_of(r["cgtk_score"])
            exact += r["gnugo_score"].strip() == r["cgtk_score"].strip()
        print(f"game {r['game']}: cgtk {cgtk_color} vs gnugo level {args.level}: "
              f"winner {r['winner']}, moves {r.get('moves', '?')}, "
              f"cgtk score {r.get('cgtk_score', '-')}, gnugo score {r.get('gnugo_score', '-')}, "
              f"{time.monotonic() - start:.0f}s"
              + (f", error: {r['error']}" if r["error"] else ""), flush=True)
    print(f"summary: games={played} cgtk_wins={wins} gnugo_wins={losses} illegal={illegal} "
          f"errors={errors} winner_agreement={agree}/{scored} "
          f"exact_score_agreement={exact}/{scored} level={args.level} "
          f"playouts={args.playouts}")
    return 1 if illegal or errors else 0


if __name__ == "__main__":
    sys.exit(main())
