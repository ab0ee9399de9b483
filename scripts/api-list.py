#!/usr/bin/env python3
"""The public items as rustdoc lists them (target/doc/scoresheet/all.html), grouped by module,
as a Markdown list for docs/design.md."""
import re, sys
from collections import OrderedDict
s = open(sys.argv[1]).read()
items = re.findall(r'<li><a href="([^"]+)">([^<]+)</a></li>', s)
kinds = {'fn': 'fn', 'struct': 'struct', 'enum': 'enum', 'trait': 'trait', 'constant': 'const', 'type': 'type', 'macro': 'macro', 'static': 'static'}
groups = OrderedDict()
for href, name in items:
    kind = href.split('/')[-1].split('.')[0]
    mod, _, item = name.rpartition('::')
    groups.setdefault(mod or '(crate root)', []).append((item, kinds.get(kind, kind)))
print(len(items))
for mod in sorted(groups):
    its = sorted(groups[mod])
    print(f'- `{mod}`: ' + ', '.join(f'`{n}`' for n, k in its))
