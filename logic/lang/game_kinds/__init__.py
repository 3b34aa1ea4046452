"""Owns the composition of the game language's readings (logic/lang/game.py): each kind
of whole-game sentence's reading of its own grammar fragment (`grammar/game/<kind>.lark`,
words in `grammar/lexicon/game.toml`) is a mixin in this package; `GameReadings` is all
of them. A new kind adds its module here and its base to `GameReadings`."""

from __future__ import annotations

from logic.lang.game_kinds.aptx import AptxReading
from logic.lang.game_kinds.capsules import CapsulesReading
from logic.lang.game_kinds.conduct import ConductReading
from logic.lang.game_kinds.couple import CoupleReading
from logic.lang.game_kinds.crimes import CrimesReading
from logic.lang.game_kinds.dayarrest import DayArrestReading
from logic.lang.game_kinds.deal import DealReading
from logic.lang.game_kinds.defaults import DefaultsReading
from logic.lang.game_kinds.detention import DetentionGameReading
from logic.lang.game_kinds.discombobulate import DiscombobulateReading
from logic.lang.game_kinds.disguise import DisguiseReading
from logic.lang.game_kinds.frighten import FrightenReading
from logic.lang.game_kinds.healing import HealingReading
from logic.lang.game_kinds.identify import IdentifyGameReading
from logic.lang.game_kinds.interplay import InterplayReading
from logic.lang.game_kinds.items import ItemListReading
from logic.lang.game_kinds.kills import KillReading
from logic.lang.game_kinds.lovey import LoveyReading
from logic.lang.game_kinds.manner import MannerReading
from logic.lang.game_kinds.natures import NatureReading
from logic.lang.game_kinds.nominate import NominateReading
from logic.lang.game_kinds.records import RecordsReading
from logic.lang.game_kinds.reveals import RevealReading
from logic.lang.game_kinds.rotation import RotationReading
from logic.lang.game_kinds.setup import SetupReading
from logic.lang.game_kinds.targets import TargetsReading
from logic.lang.game_kinds.timeline import TimelineReading
from logic.lang.game_kinds.travel import TravelReading
from logic.lang.game_kinds.turn import TurnReading
from logic.lang.game_kinds.vest import VestReading
from logic.lang.game_kinds.victory import VictoryReading
from logic.lang.game_kinds.votes import VoteReading


class GameReadings(
    VoteReading,
    RevealReading,
    TurnReading,
    VictoryReading,
    SetupReading,
    KillReading,
    ConductReading,
    HealingReading,
    InterplayReading,
    RecordsReading,
    CrimesReading,
    DealReading,
    NominateReading,
    NatureReading,
    DayArrestReading,
    FrightenReading,
    IdentifyGameReading,
    AptxReading,
    CapsulesReading,
    ItemListReading,
    RotationReading,
    DisguiseReading,
    TimelineReading,
    CoupleReading,
    LoveyReading,
    MannerReading,
    VestReading,
    TravelReading,
    TargetsReading,
    DetentionGameReading,
    DiscombobulateReading,
    DefaultsReading,
):
    """Every kind's methods, each named after a rule (or alias) of its fragment."""
