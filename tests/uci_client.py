#!/usr/bin/env python3
"""Drives `cgtk uci` through python-chess, a real UCI client.

Plays complete games from varied openings: the engine against a uniformly random mover
(the engine must deliver checkmate) and the engine against itself (the game must end by
the rules: mate, stalemate, threefold repetition, fifty moves or insufficient material,
or reach the ply cap). Every engine move is checked legal by python-chess. At each game
finished by mate or stalemate the engine is asked for a move once more and must answer
that it has none.

Usage: uci_client.py ENGINE_BINARY [--games N] [--self-play N] [--movetime SECONDS] [--seed S]
Exit status 0 when every check holds; prints one line per game.
"""
import argparse
import random
import sys

import chess
import chess.engine

OPENINGS = [
    [],
    ["e2e4", "e7e5", "g1f3", "b8c6"],
    ["d2d4", "d7d5", "c2c4", "e7e6"],
    ["e2e4", "c7c5", "g1f3", "d7d6"],
    ["g1f3", "d7d5", "g2g3", "g8f6"],
    ["e2e4", "e7e6", "d2d4", "d7d5", "e4e5", "c7c5"],
    ["c2c4", "e7e5", "b1c3", "g8f6"],
]


def play_game(engine, opening, rng, movetime, engine_colors, max_plies):
    board = chess.Board()
    for uci in opening:
        board.push_uci(uci)
    while not board.is_game_over(claim_draw=True):
        if board.ply() >= max_plies:
            return board, None
        if board.turn in engine_colors:
            result = engine.play(board, chess.engine.Limit(time=movetime))
            move = result.move
            if move is None or move not in board.legal_moves:
                raise AssertionError(f"illegal or missing move {move} in {board.fen()}")
        else:
            move = rng.choice(list(board.legal_moves))
        board.push(move)
    return board, board.outcome(claim_draw=True)


def check_no_move_at_end(engine, board):
    """At checkmate or stalemate the engine must answer that it has no move."""
    if board.is_checkmate() or board.is_stalemate():
        result = engine.play(board, chess.engine.Limit(depth=2))
        if result.move:
            raise AssertionError(f"engine moved {result.move} in a finished game {board.fen()}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("engine")
    parser.add_argument("--games", type=int, default=4, help="games against the random mover")
    parser.add_argument("--self-play", type=int, default=1, help="games of the engine against itself")
    parser.add_argument("--movetime", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures = 0
    with chess.engine.SimpleEngine.popen_uci([args.engine, "uci"]) as engine:
        for g in range(args.games):
            opening = OPENINGS[g % len(OPENINGS)]
            color = chess.WHITE if g % 2 == 0 else chess.BLACK
            board, outcome = play_game(engine, opening, rng, args.movetime, {color}, 600)
            won = outcome is not None and outcome.winner == color
            print(f"vs random {g}: engine {'white' if color else 'black'}, "
                  f"{outcome.termination.name if outcome else 'unfinished'} after {board.ply()} plies, "
                  f"result {board.result(claim_draw=True)}")
            if not won:
                failures += 1
            check_no_move_at_end(engine, board)
        for g in range(args.self_play):
            opening = OPENINGS[(g + 3) % len(OPENINGS)]
            board, outcome = play_game(engine, opening, rng, args.movetime / 2,
                                       {chess.WHITE, chess.BLACK}, 400)
            print(f"self-play {g}: {outcome.termination.name if outcome else 'stopped at the ply cap'} "
                  f"after {board.ply()} plies, result {board.result(claim_draw=True)}")
            if outcome is not None:
                check_no_move_at_end(engine, board)
        engine.ping()  # isready / readyok still answered at the end
    print(f"games: {args.games + args.self_play - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
