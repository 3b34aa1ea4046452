"""Effect kinds, one module each: its IR nodes, the phrases' meaning, its constraints
within a phase and its part of the state transition. `base.py` gives the hooks the phase
builder asks, `registry.py` lists the kinds of a night.

  attack.py       kills (strength, lethal checks, random victims) and saves (sacrifice, telling)
  block.py        roleblock and jail: actions that stop other actions
  intercept.py    the first visitor of a faction after the interceptor is killed
  investigate.py  investigations and result texts (success, failure, alignment)
  records.py      police records, their reversal and reverting, checks that read them
  status.py       statuses that last: the arrest until the arrester's next turn
  report.py       what a player is told without acting: the dead's roles, glimpses
  vote.py         votes, vote weights, the lynch and its tie rules (a day phase)
  win.py          win conditions with precedence, checked after every phase
"""
