"""Owns the composition of the clause language's readings: each kind of sentence's
reading of its own grammar fragment (`grammar/clause/<kind>.lark`, words in
`grammar/lexicon/<kind>.toml`) is a mixin in this package, and `Readings` below is all of
them, the one class logic/lang/clause.py reads a derivation with. A new mechanic adds its
module here and its base to `Readings`; the base grammar and the reader are not edited."""

from __future__ import annotations

from logic.lang.kinds.abduct import AbductReading
from logic.lang.kinds.actions import ActionReading
from logic.lang.kinds.afterlife import AfterlifeReading
from logic.lang.kinds.allegiance import AllegianceReading
from logic.lang.kinds.amplify import AmplifyReading
from logic.lang.kinds.analyze import AnalyzeReading
from logic.lang.kinds.aptx import AptxReading
from logic.lang.kinds.betrayal import BetrayalReading
from logic.lang.kinds.blame import BlameReading
from logic.lang.kinds.blockrole import BlockRoleReading
from logic.lang.kinds.blocks import BlockReading
from logic.lang.kinds.bribe import BribeReading
from logic.lang.kinds.census import CensusReading
from logic.lang.kinds.clean import CleanReading
from logic.lang.kinds.common import CommonReading
from logic.lang.kinds.common2 import Common2Reading
from logic.lang.kinds.cooldown import CooldownReading
from logic.lang.kinds.couple import CoupleReading
from logic.lang.kinds.cover import CoverReading
from logic.lang.kinds.crimes import CrimesReading
from logic.lang.kinds.dayblock import DayBlockReading
from logic.lang.kinds.days import DayReading
from logic.lang.kinds.deal import DealReading
from logic.lang.kinds.detect import DetectReading
from logic.lang.kinds.detention import DetentionReading
from logic.lang.kinds.disclosure import DisclosureReading
from logic.lang.kinds.disguise import DisguiseReading
from logic.lang.kinds.either import EitherReading
from logic.lang.kinds.erase import EraseReading
from logic.lang.kinds.exchange import ExchangeReading
from logic.lang.kinds.followup import FollowUpReading
from logic.lang.kinds.frighten import FrightenReading
from logic.lang.kinds.guilt import GuiltReading
from logic.lang.kinds.held import HeldReading
from logic.lang.kinds.hexes import HexReading
from logic.lang.kinds.identify import IdentifyReading
from logic.lang.kinds.inquiry import InquiryReading
from logic.lang.kinds.items import ItemsReading
from logic.lang.kinds.knowing import KnowingReading
from logic.lang.kinds.lastshot import LastShotReading
from logic.lang.kinds.lynchstop import LynchStopReading
from logic.lang.kinds.malfunction import MalfunctionReading
from logic.lang.kinds.manner import MannerReading
from logic.lang.kinds.meddle import MeddleReading
from logic.lang.kinds.morph import MorphReading
from logic.lang.kinds.orders import OrdersReading
from logic.lang.kinds.phrasing import PhrasingReading
from logic.lang.kinds.poison import PoisonReading
from logic.lang.kinds.powers import PowerReading
from logic.lang.kinds.registration import RegistrationReading
from logic.lang.kinds.relay import RelayReading
from logic.lang.kinds.retaliate import RetaliateReading
from logic.lang.kinds.sanity import SanityReading
from logic.lang.kinds.saves import SaveReading
from logic.lang.kinds.scent import ScentReading
from logic.lang.kinds.secretvote import SecretVoteReading
from logic.lang.kinds.shield import ShieldReading
from logic.lang.kinds.sobriety import SobrietyReading
from logic.lang.kinds.spells import SpellsReading
from logic.lang.kinds.spread import SpreadReading
from logic.lang.kinds.spy import SpyReading
from logic.lang.kinds.spylist import SpyListReading
from logic.lang.kinds.storyteller import StorytellerReading
from logic.lang.kinds.succession import SuccessionReading
from logic.lang.kinds.suitcase import SuitcaseReading
from logic.lang.kinds.survival import SurvivalReading
from logic.lang.kinds.tally import TallyReading
from logic.lang.kinds.timeline import TimelineReading
from logic.lang.kinds.traits import TraitReading
from logic.lang.kinds.travel import TravelReading
from logic.lang.kinds.triggers import TriggersReading
from logic.lang.kinds.turns import TurnsReading
from logic.lang.kinds.visits import VisitReading


class Readings(
    TraitReading,
    AllegianceReading,
    CommonReading,
    SaveReading,
    ActionReading,
    InquiryReading,
    AfterlifeReading,
    DisclosureReading,
    MannerReading,
    SurvivalReading,
    PowerReading,
    VisitReading,
    Common2Reading,
    SpellsReading,
    HexReading,
    CooldownReading,
    DayReading,
    PhrasingReading,
    PoisonReading,
    TurnsReading,
    BlockReading,
    BlockRoleReading,
    CrimesReading,
    KnowingReading,
    RegistrationReading,
    MalfunctionReading,
    SuccessionReading,
    TriggersReading,
    DealReading,
    StorytellerReading,
    ShieldReading,
    DayBlockReading,
    ExchangeReading,
    LastShotReading,
    HeldReading,
    GuiltReading,
    SecretVoteReading,
    SpyReading,
    SpyListReading,
    AmplifyReading,
    MeddleReading,
    MorphReading,
    FrightenReading,
    DetentionReading,
    LynchStopReading,
    TallyReading,
    RetaliateReading,
    SpreadReading,
    AptxReading,
    ItemsReading,
    TimelineReading,
    TravelReading,
    DisguiseReading,
    BribeReading,
    BetrayalReading,
    AbductReading,
    BlameReading,
    CleanReading,
    CoupleReading,
    CensusReading,
    RelayReading,
    SobrietyReading,
    SanityReading,
    EitherReading,
    DetectReading,
    SuitcaseReading,
    CoverReading,
    EraseReading,
    OrdersReading,
    ScentReading,
    IdentifyReading,
    AnalyzeReading,
    FollowUpReading,
):
    """Every kind's methods, each named after a rule (or alias) of its fragment."""
