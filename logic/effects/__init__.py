"""The effect kinds added with the general game model, one module each: its IR node, the
phrases' meaning, its constraints within a phase and its part of the state transition.
(The first night effects, kill, protect, roleblock, jail, intercept and investigate,
still live in logic/model/semantics.py's NightBuilder.)

  vote.py  votes, vote weights, the lynch and its tie rules (a day phase)
  win.py   win conditions with precedence, checked after every phase
"""
