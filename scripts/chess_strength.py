#!/usr/bin/env python3
"""Measures the strength of `cgtk uci`: games against a uniformly random mover (the engine
should win every one) and, when `stockfish` is installed, games against Stockfish at its
lowest skill level. Prints one line per game and a summary; nothing is asserted.

Usage: scripts/chess_strength.py [--engine target/release/cgtk] [--random-games 20]
                                 [--stockfish-games 10] [--movetime 0.05] [--skill 0]
"""
import argparse
import random
import shutil
import sys

import chess
import chess.engine


def play(white, black, rng, movetime, max_plies=600):
    """white/black: an engine, or None for the random mover. Returns the final board."""
    board = chess.Board()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        player = white if board.turn == chess.WHITE else black
        if player is None:
            move = rng.choice(list(board.legal_moves))
        else:
            move = player.play(board, chess.engine.Limit(time=movetime)).move
            if move not in board.legal_moves:
                raise SystemExit(f"illegal move {move} in {board.fen()}")
        board.push(move)
    return board


def score(board, engine_is_white):
    result = board.result(claim_draw=True)
    if result == "1/2-1/2" or result == "*":
        return "draw" if result != "*" else "unfinished"
    won = (result == "1-0") == engine_is_white
    return "win" if won else "loss"


def series(name, cgtk, opponent, games, rng, movetime):
    tally = {"win": 0, "draw": 0, "loss": 0, "unfinished": 0}
    for g in range(games):
        white = g % 2 == 0
        board = play(cgtk if white else opponent, opponent if white else cgtk, rng, movetime)
        outcome = score(board, white)
        tally[outcome] += 1
        print(f"{name} game {g + 1}: cgtk {'white' if white else 'black'}, {outcome} "
              f"({board.result(claim_draw=True)}) in {board.ply()} plies", flush=True)
    print(f"{name}: {tally['win']} wins, {tally['draw']} draws, {tally['loss']} losses, "
          f"{tally['unfinished']} unfinished out of {games}", flush=True)
    return tally


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--engine", default="target/release/cgtk")
    p.add_argument("--random-games", type=int, default=20)
    p.add_argument("--stockfish-games", type=int, default=10)
    p.add_argument("--movetime", type=float, default=0.05)
    p.add_argument("--skill", type=int, default=0, help="Stockfish 'Skill Level' (0 to 20)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--stockfish", default=shutil.which("stockfish") or shutil.which("/usr/games/stockfish"),
                   help="path of the Stockfish binary (default: found on PATH or in /usr/games)")
    args = p.parse_args()
    rng = random.Random(args.seed)
    with chess.engine.SimpleEngine.popen_uci([args.engine, "uci"]) as cgtk:
        series("random", cgtk, None, args.random_games, rng, args.movetime)
        stockfish = args.stockfish
        if stockfish is None:
            print("stockfish: not installed, skipped")
            return 0
        with chess.engine.SimpleEngine.popen_uci(stockfish) as sf:
            sf.configure({"Skill Level": args.skill, "Threads": 1})
            series(f"stockfish skill {args.skill}", cgtk, sf, args.stockfish_games, rng, args.movetime)
    return 0


if __name__ == "__main__":
    sys.exit(main())
