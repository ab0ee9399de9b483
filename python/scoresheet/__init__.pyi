import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

import pyarrow

Path = Union[str, os.PathLike[str]]

__version__: str

class ConversionError(ValueError): ...

def validate(
    paths: Union[Path, Iterable[Path]],
    *,
    lang: str = ...,
    jobs: int = ...,
    repair: bool = ...,
    illegal: str = ...,
    laws: bool = ...,
    strict_notation: bool = ...,
    dead_positions: str = ...,
    report_lang: str = ...,
    prose: bool = ...,
) -> Iterator[Dict[str, Any]]: ...
def validate_text(
    text: str,
    *,
    name: str = ...,
    lang: str = ...,
    repair: bool = ...,
    illegal: str = ...,
    laws: bool = ...,
    strict_notation: bool = ...,
    dead_positions: str = ...,
    report_lang: str = ...,
    prose: bool = ...,
) -> List[Dict[str, Any]]: ...
def validate_table(
    table: Any,
    *,
    movetext: str = ...,
    jobs: int = ...,
    lang: str = ...,
    repair: bool = ...,
    illegal: str = ...,
    laws: bool = ...,
    strict_notation: bool = ...,
    dead_positions: str = ...,
    report_lang: str = ...,
) -> pyarrow.Table: ...
def convert(
    text: str,
    *,
    from_lang: str = ...,
    to_lang: str = ...,
    notation: str = ...,
    repair: bool = ...,
    prose: bool = ...,
    name: str = ...,
    strict: bool = ...,
) -> str: ...
def position(fen: str, *, report_lang: str = ...) -> Dict[str, Any]: ...
def envelope(path_or_text: Union[Path, str], *, report_lang: str = ...) -> Dict[str, Any]: ...
def reconcile(white_text: str, black_text: str) -> Optional[Dict[str, Any]]: ...
