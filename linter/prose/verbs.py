"""What a tool or operation does, read from its name and description: the verb lexicon.

The boundary rules need one question answered cheaply and the same way everywhere: does this
name or description say *read*, *write*, *delete*, a UI/process *action*, or only something
*generic* ("handles invoice-related requests")? English and Chinese. Only the leading verb
counts: "Get the list of deleted items" reads, although "deleted" appears in it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import Literal

from linter import _recache

Nature = Literal["read", "write", "delete", "action", "generic"]

_READ = """
get gets getting fetch fetches retrieve retrieves read reads list lists listing search searches
find finds query queries lookup look looks show shows view views describe describes count counts
check checks inspect inspects browse browses download downloads export exports explain explains
validate validates verify verifies preview previews calculate calculates compute computes convert
converts estimate estimates analyze analyzes analyse analyses diff summarize summarizes summarise
extract extracts scrape scrapes crawl crawls map maps geocode audit audits echo echoes compare
compares poll polls discover discovers recommend recommends suggest suggests translate translates
parse parses aggregate aggregates return returns lint lints explore
explores monitor monitors watch watches identify identifies detect detects measure measures
render renders lookups reverse trace traces research researches
"""
# Not in any list: words that read or write depending on their object ("resolve a hostname" reads,
# "resolve a review thread" writes). A tool named by one is left to its other evidence.
_WRITE = """
create creates add adds insert inserts update updates modify modifies edit edits set sets write
writes save saves store stores put puts post posts patch patches submit submits send sends pay
pays charge charges book books reserve reserves register registers enable enables disable
disables assign assigns unassign approve approves reject rejects publish publishes unpublish
upload uploads import imports move moves rename renames merge merges push pushes commit commits
fork forks invite invites subscribe subscribes unsubscribe follow follows unfollow star unstar
react reply replies comment comments lock locks unlock unlocks archive archives restore restores
transfer transfers refund refunds grant grants revoke revokes share shares schedule schedules
apply applies change changes replace replaces append appends attach attaches detach configure
configures install installs deploy deploys provision provisions mark marks tag tags label labels
upsert upserts rerun reruns retry retries approve rollback copy copies paste format formats sort
sorts fill fills transform transforms record records stage stages checkout upgrade upgrades
downgrade downgrades activate activates deactivate deactivates complete completes deny denies
undelete undeletes persist persists
allow allows block blocks unblock decline declines reindex reindexes initialize initializes init setup
"""
_DELETE = """
delete deletes remove removes drop drops destroy destroys purge purges erase erases wipe wipes
truncate truncates void voids clear clears cancel cancels terminate terminates kill kills
uninstall uninstalls deprovision discard discards reset resets overwrite overwrites
"""
_ACTION = """
run runs execute executes start starts stop stops trigger triggers click clicks navigate
navigates open opens close closes press presses type types hover hovers drag drags scroll
scrolls resize resizes emulate emulates evaluate evaluates invoke invokes call calls launch
launches restart restarts reload reloads refresh refreshes sync syncs toggle toggles connect
connects disconnect disconnects select selects take takes capture captures wait waits
interact interacts focus dismiss accept simulate simulates generate generates load loads pause
pauses resume resumes suspend suspends
"""
_GENERIC = """
handle handles handling process processes processing manage manages managing do does perform performs
operate operates
"""

_ZH_GROUPS: tuple[tuple[Nature, str], ...] = (
        ("delete", "删除 刪除 作废 作廢 取消 清空 移除 注销 註銷 撤销 撤銷 销毁 銷毀 终止 終止 撤回"),
        ("write", "创建 創建 新建 新增 添加 修改 更新 编辑 編輯 设置 設置 保存 提交 支付 付款 发送 發送 上传 上傳 导入 導入 "
                  "发布 發佈 审批 審批 批准 驳回 駁回 分配 预订 預訂 注册 註冊 绑定 綁定 解绑 解綁 开通 開通 启用 啟用 停用 禁用 "
                  "变更 變更 录入 錄入 写入 寫入 下单 下單 退款 转账 轉賬"),
        ("read", "查询 查詢 获取 獲取 列出 查看 搜索 搜尋 读取 讀取 检索 檢索 查找 浏览 瀏覽 统计 統計 下载 下載 导出 導出 "
                 "计算 計算 校验 校驗 验证 驗證 列表 详情 詳情"),
        ("action", "运行 運行 执行 執行 启动 啟動 停止 调用 調用"),
        ("generic", "处理 處理 管理 办理 辦理 服务 服務"),
)
_ZH: tuple[tuple[str, Nature], ...] = tuple((w, n) for n, zh_words in _ZH_GROUPS for w in zh_words.split())

STRONG_WRITES = frozenset(
    """create add insert update modify edit delete remove drop destroy purge erase cancel void submit pay send
    publish upload import restore reset revoke grant approve reject enable disable activate deactivate rename
    move merge register unregister subscribe unsubscribe assign unassign attach detach untag refund charge
    transfer set write save replace overwrite append truncate clear kill terminate upsert""".split()
)
"""Verbs that write in any reading (``change``, ``comment``, ``archive`` are nouns as often)."""

_NATURES: tuple[tuple[Nature, str], ...] = (
    ("generic", _GENERIC), ("action", _ACTION), ("read", _READ), ("write", _WRITE), ("delete", _DELETE)
)
LEXICON: dict[str, Nature] = {w: nature for nature, text in _NATURES for w in text.split()}

_WORD = _recache.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+|[\u4e00-\u9fff]+")
_TOKEN = _recache.compile(r"[A-Za-z][A-Za-z'-]*|[\u4e00-\u9fff]+")
_SENTENCE_END = _recache.compile(r"(?<=[a-z0-9)\]`'\"])[.!?](?:\s|$)|[。！？\n]|:\s*\n")
_LEAD_IN = _recache.compile(
    r"^\s*(?:(?:this|the)\s+(?:tool|function|endpoint|operation|api|method|command)\s+)?"
    r"(?:(?:is\s+used|can\s+be\s+used|allows\s+(?:you|users|the\s+agent)|lets\s+you|helps(?:\s+you)?|use\s+this(?:\s+tool)?"
    r"|used|tool|api|endpoint|operation|function|you\s+can|in\s+order)\s+(?:to\s+)?)?",
    re.I,
)
_CJK_START = _recache.compile(r"^\W*[\u4e00-\u9fff]")
_HTML = _recache.compile(r"</?[A-Za-z][^>\n]{0,200}>|&(?:[a-z]{2,8}|#\d{1,6});")
_TAG_PREFIX = _recache.compile(r"^\s*(?:\[[^\]\n]{1,30}\]|[A-Z0-9][A-Z0-9_ /.]{0,30})\s*[-–—|:]\s+(?=\S)")
_ZH_LEAD_IN = _recache.compile(r"^\s*(?:该|本|此)?(?:接口|工具|方法|函数)?(?:用于|用来|可以|可|能够)?")
_READ_ONLY = _recache.compile(r"\bread[- ]only\b|\bdoes\s+not\s+(?:modify|change|write)|\bwithout\s+(?:modifying|changing)|只读|只讀", re.I)
_RELATED = _recache.compile(
    r"\b[\w-]+[- ]related\s+(?:requests?|operations?|tasks?|queries|actions?|functions?|functionality|calls?|needs)\b"
    r"|\b(?:all|any|various|general)\s+(?:[\w-]+\s+){0,2}(?:requests?|operations?|tasks?)\s+(?:for|on|about|related\s+to|regarding)\b"
    r"|相关(?:的)?(?:请求|請求|操作|业务|業務|事务|事務)|相關(?:的)?(?:请求|請求|操作|业务|業務)",
    re.I,
)
_RUNS_CODE = _recache.compile(
    r"\b(?:run|runs|execute|executes|evaluate|evaluates)\s+(?:(?:an?|the|arbitrary|any|custom|raw|given|provided|one|single|multiple)\s+)*"
    r"(?:(?:sql|cypher|graphql|shell|database|code|javascript|js|python)\s+)?(?:quer(?:y|ies)|sql|statements?|commands?|code|scripts?"
    r"|snippets?|javascript|js|python|expressions?)\b"
    r"|(?:执行|運行|运行)(?:任意)?(?:SQL|sql|查询|查詢|语句|語句|命令|代码|代碼|脚本|腳本)",
    re.I,
)
_MAY_WRITE = _recache.compile(
    r"\b(?:insert|update|delete|drop|modif(?:y|ies)|writes?|ddl|dml|mutat\w+|changes?\s+(?:the\s+)?data)\b|写入|寫入|修改|删除|刪除",
    re.I,
)
_CODE_NAMES = frozenset({"query", "queries", "sql", "run", "execute", "exec", "eval", "evaluate", "script", "code", "command"})
_GENERIC_OBJECT_VERBS = frozenset({"process", "processes", "perform", "performs", "do", "does", "operate", "operates"})
_GENERIC_OBJECTS = frozenset({"request", "operation", "task", "action", "thing", "job", "call", "function", "command", "related", "stuff", "work"})
_GENERIC_NOUNS = frozenset({"service", "services", "manager", "handler", "processor", "helper", "util", "utils", "ops", "api"})

_STOP = frozenset(
    """a an the of to for in on at and or with by from this that these those is are be been being it its
    your you all any as via into using use used when which who whom what will can may should must not no
    if then than only also more most some such each per other new given specified specific single one
    based about their them they we our us there here has have had do does
    request requests related operation operations tool tools endpoint api data information details
    based given""".split()
)


@dataclass(frozen=True, slots=True)
class Verb:
    """A lexicon word found in a name or description, with its nature."""

    word: str
    nature: Nature


@lru_cache(maxsize=131072)
def _words(name: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _WORD.findall(name))


def words(name: str) -> list[str]:
    """``createOrUpdateFile``/``create_or_update_file``/``VirtualMachines_Delete`` → lower-case words."""
    return list(_words(name or ""))


def word_tuple(name: str) -> tuple[str, ...]:
    """:func:`words` as the cached tuple itself, for callers that only read it (no list copy)."""
    return _words(name or "")


def _zh_lead(text: str, limit: int = 12) -> Verb | None:
    """The earliest Chinese lexicon word near the start of ``text``."""
    head = _ZH_LEAD_IN.sub("", text, count=1)[:limit]
    best: tuple[int, str, Nature] | None = None
    specific: tuple[int, str, Nature] | None = None
    for w, n in _ZH:
        i = head.find(w)
        if i >= 0 and (best is None or i < best[0]):
            best = (i, w, n)
        if i >= 0 and n != "generic" and (specific is None or i < specific[0]):
            specific = (i, w, n)
    # a generic word (服务, 处理) gives way to a specific one after it, as "Performs a search" reads
    if best is not None and best[2] == "generic" and specific is not None:
        best = specific
    return Verb(best[1], best[2]) if best else None


_PREDICATES = frozenset({"can", "is", "has", "have", "should", "may", "must", "does", "exists", "exist", "needs"})
_AZURE = _recache.compile(r"^(?P<noun>[A-Z][A-Za-z0-9]*)_(?P<verb>[A-Z][A-Za-z0-9]*)$")
_HTTP_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options"})
_NOUNISH = frozenset(
    """transfer transfers post comment order tag label record share schedule charge book archive star store
    refund grant reply stage mark lock""".split()
)
_TRAILING_VERBS = frozenset("get list create update delete remove add set cancel find search read fetch".split())


def _base_form(w: str) -> bool:
    """Identifiers use the imperative; ``tags``/``lists`` in a name are nouns."""
    if not w.endswith("s") or w.endswith("ss"):
        return True
    for stem in (w[:-1], w[:-2], w[:-3] + "y"):
        if stem in LEXICON:
            return False
    return True


def _lex(w: str) -> Verb | None:
    """A lexicon word in an identifier (``return`` there gives something back: a write)."""
    if w and w[0] >= "\u4e00":
        return _zh_lead(w)
    if w == "return":
        return Verb(w, "write")
    if w in LEXICON and _base_form(w):
        return Verb(w, LEXICON[w])
    return None


_PATH_SEP = _recache.compile(r"[./]")


@lru_cache(maxsize=65536)
def name_verb(name: str, lead_only: bool = False) -> Verb | None:
    """The verb of an identifier. ``Invoices_Delete`` (Azure) and ``dns.changes.list`` (Google)
    put it after the separator; otherwise it is the first word (``create_issue``), unless that
    word is a resource as often as a verb and the last word is a verb (``transferList``), or the
    only kind of lexicon word after a namespace prefix (``firecrawl_monitor_delete``,
    ``slack_post_message``). ``lead_only`` keeps only a verb in leading position: "what the
    name says it does", for rules that must not guess. An operationId written as a sentence is
    read as one."""
    name = (name or "").strip()
    if " " in name:
        return None if lead_only else text_verb(name)
    m = _AZURE.match(name)
    if m and m.group("noun").lower() not in _HTTP_METHODS:
        name = m.group("verb")
    elif "." in name or "/" in name:
        head = _words(name)[:1]
        if not (head and _lex(head[0]) is not None and LEXICON.get(head[0]) != "generic"):
            name = _PATH_SEP.split(name.rstrip("./"))[-1]
    ws = _words(name)
    if not ws:
        return None
    if ws[0] in _PREDICATES and len(ws) > 1:
        return Verb(ws[0], "read")
    v = _lex(ws[0])
    if v is not None:
        last = _lex(ws[-1]) if len(ws) > 1 else None
        if ws[0] in _NOUNISH and last is not None and ws[-1] in _TRAILING_VERBS and last.nature != v.nature:
            return last
        if v.word in _GENERIC_OBJECT_VERBS and len(ws) > 1 and singular(ws[1]) not in _GENERIC_OBJECTS:
            return Verb(v.word, "action")
        return v
    if lead_only:
        return None
    if any(w in _PREDICATES for w in ws[1:]):
        return Verb(next(w for w in ws[1:] if w in _PREDICATES), "read")
    found = [v for v in (_lex(w) for w in ws[1:]) if v is not None and v.nature != "generic"]
    if found and len({v.nature for v in found}) == 1:
        return found[-1]
    return None


def _without_html(text: str) -> str:
    """Tags and entities as blanks; a text without ``<`` or ``&`` (where every _HTML match
    starts) is returned as it is, unscanned."""
    return _HTML.sub(" ", text) if "<" in text or "&" in text else text


@lru_cache(maxsize=65536)
def first_sentence(text: str) -> str:
    """The first non-empty sentence (leading blank lines, markdown headings and tag prefixes
    such as ``DATABASES - `` skipped)."""
    text = _without_html(text or "")
    rest = _TAG_PREFIX.sub("", text.strip(), count=1)
    while rest:
        m = _SENTENCE_END.search(rest)
        s = (rest[: m.start()] if m else rest).strip()
        if s and not s.startswith("#"):
            return s
        if not m:
            return ""
        rest = rest[m.end():].strip()
    return ""


@lru_cache(maxsize=65536)
def text_verb(text: str, window: int = 6) -> Verb | None:
    """The leading verb of a description or summary: the first lexicon word among the first
    ``window`` words of the first sentence, after lead-ins ("This tool is used to …"). A generic
    verb ("Performs", "Handles") gives way to a specific one right after it ("Performs a web
    search" reads)."""
    s = first_sentence(text)
    if not s:
        return None
    if s[0] >= "\u4e00" or _CJK_START.match(s):
        return _zh_lead(s)
    s = _LEAD_IN.sub("", s, count=1)
    # the first ``window`` matches, as findall(s)[:window] without tokenizing the whole sentence
    toks = [m.group() for m in islice(_TOKEN.finditer(s), window)]
    title = len(toks) > 1 and all(t[0].isupper() for t in toks if len(t) > 3)
    for i, t in enumerate(toks):
        if i > 0 and (toks[i - 1].lower() in _NOUN_MARKERS or _base_form(t.lower())):
            continue
        if t[0] >= "\u4e00":
            v = _zh_lead(t)
            if v:
                return v
            continue
        low = t.lower().strip("'-")
        n = LEXICON.get(low)
        if n is None:
            continue
        if not _base_form(low) and not _verb_follows(toks, i, title):
            return None
        if n == "generic":
            if i > 0:
                continue
            for t2 in toks[i + 1 : i + 4]:
                n2 = LEXICON.get(t2.lower())
                if n2 is not None and n2 != "generic":
                    return Verb(t2.lower(), n2)
            if low in _GENERIC_OBJECT_VERBS and not any(singular(t2.lower()) in _GENERIC_OBJECTS for t2 in toks[i + 1 : i + 4]):
                return Verb(low, "action")
        return Verb(low, n)
    return None


_NOUN_MARKERS = frozenset("a an the this that these those each every of for to in on by with from your its their our".split())
_OBJECT_START = frozenset(
    """a an the all any one each every this that these those your my its their his her our multiple new
    existing specific current detailed up back out""".split()
)
_PREPOSITIONS = frozenset("for of by in on from to with and or per at as about via into".split())


def _verb_follows(toks: list[str], i: int, title: bool) -> bool:
    """Whether a third-person form (``Lists``, ``Schedules``) is a verb here and not a plural
    noun: it needs an object after it, and a Title Case summary ("Schedules Basic") has none."""
    if i + 1 >= len(toks):
        return False
    nxt = toks[i + 1]
    if nxt.lower() in _OBJECT_START:
        return True
    return not title and nxt.lower() not in _PREPOSITIONS


def code_cue(name: str, text: str) -> str | None:
    """A tool that runs arbitrary queries, code or commands without saying whether they may
    write: ``query`` "Execute a query on the database" reads or writes depending on the SQL."""
    lead = first_sentence(text)
    m = _RUNS_CODE.search(lead)
    if not m or says_read_only(text) or _MAY_WRITE.search(text):
        return None
    nv = name_verb(name)
    if nv is not None and nv.nature != "action" and nv.word not in _CODE_NAMES:
        return None
    return f"'{m.group(0)}' may read or write"


@lru_cache(maxsize=65536)
def lead_word(text: str) -> str:
    """The first word of the first sentence after lead-ins, lower case and without a plural or
    third-person ``s``: what two descriptions start with, whether or not it is in the lexicon."""
    s = first_sentence(text)
    s = _LEAD_IN.sub("", s, count=1) if s and s[0] < "\u4e00" else s
    toks = _TOKEN.findall(s)
    if not toks:
        return ""
    t = toks[0].lower()
    if t[0] >= "\u4e00":
        v = _zh_lead(t)
        return v.word if v else t[:2]
    return singular(t)


def says_read_only(text: str) -> bool:
    return bool(_READ_ONLY.search(text or ""))


def generic_cue(name: str, text: str) -> str | None:
    """Why a name or description only says "does something with X": a generic verb, a
    ``*_service``-style name, or "…-related requests". ``None`` when there is no such cue."""
    nv = name_verb(name)
    if nv is not None and nv.nature == "generic":
        return f"name verb '{nv.word}'"
    ws = _words(name or "")
    if nv is None and ws and ws[-1] in _GENERIC_NOUNS:
        return f"name ends in '{ws[-1]}'"
    tv = text_verb(text)
    if tv is not None and tv.nature == "generic":
        return f"description verb '{tv.word}'"
    m = _RELATED.search(first_sentence(text))
    if m:
        return f"'{m.group(0)}'"
    return None


_ZH_PARTICLES = _recache.compile(r"[的了和或与與及在对對将將把为為等个個一]")


def singular(word: str) -> str:
    """Light plural/third-person stemming: ``invoices``→``invoice``, ``searches``→``search``,
    ``policies``→``policy``, ``statuses``→``status``."""
    w = word
    if len(w) <= 3 or not w.endswith("s") or w.endswith(("ss", "us", "is")):
        return w
    if w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith("es") and w[:-2].endswith(("ss", "us", "x", "z", "ch", "sh")):
        return w[:-2]
    return w[:-1]


@lru_cache(maxsize=65536)
def content_tokens(text: str) -> frozenset[str]:
    """Normalized content words of a text: lower case, light plural stemming, without stop
    words and without any lexicon verb (so "Get the invoice" and "Handles the invoice" compare
    equal). Chinese runs contribute their character bigrams."""
    out: set[str] = set()
    text = _without_html(text or "")
    # Each distinct token once (the result is a set, and a token contributes the same words
    # wherever it stands); an ASCII token's words are kept per process in _PARTS (descriptions
    # share most of their vocabulary).
    for t in set(_TOKEN.findall(text)):
        if t[0] < "\u4e00":
            parts = _PARTS.get(t)
            if parts is None:
                if len(_PARTS) >= _PARTS_MAX:
                    _PARTS.clear()  # bounded memory over a long run; entries are recomputed alike
                parts = _PARTS[t] = _token_parts(t)
            out.update(parts)
            continue
        for w, _ in _ZH:
            t = t.replace(w, " ")
        t = _ZH_PARTICLES.sub(" ", t)
        for run in t.split():
            if len(run) == 1:
                out.add(run)
            out.update(run[i : i + 2] for i in range(len(run) - 1))
    return frozenset(out)


_PARTS: dict[str, tuple[str, ...]] = {}
_PARTS_MAX = 1 << 18
"""An ASCII token → the content words it contributes (see :func:`content_tokens`)."""


def _token_parts(t: str) -> tuple[str, ...]:
    out: list[str] = []
    for part in t.lower().replace("'", "").split("-"):
        if len(part) < 2 or part in _STOP or part in LEXICON:
            continue
        out.append(singular(part))
    return tuple(out)


# --- side effects that are not the leading verb ----------------------------------------------

Effect = Literal["disk", "send", "enable", "history", "job"]

_EFFECT_GATE = _recache.compile(
    r"sav|writ|stor|persist|download|send|sent|email|notif|activat|enabl|turns?\s+on|install|record|mark|add|updat|view"
    r"|start|launch|trigger|kick|queue|schedul|spawn|submit|保存|存储|儲存|写入|寫入|下载|下載|发送|發送|启用|啟用|激活|开启|開啟"
    r"|记录|記錄|启动|啟動",
    re.I,
)
_EFFECTS: tuple[tuple[Effect, re.Pattern[str]], ...] = (
    ("disk", _recache.compile(
        r"\b(?:save[sd]?|saving|writes|written|writing|store[sd]?|storing|persist(?:s|ed)?|download(?:s|ed)?)\b[^.\n]{0,50}?"
        r"\b(?:to|into|on|in|at)\s+(?:the\s+|a\s+|your\s+)?(?:local\s+)?(?:disk|file\s?system|(?:local|temp(?:orary)?|output|specified|"
        r"given|provided|chosen)\s+(?:file|path|directory|folder|location)|(?:file|directory|folder)\s+(?:path|at)\b|local\s+(?:machine|storage)"
        r"|(?:a|the)\s+(?:new\s+)?(?:file|directory|folder)\b)"
        r"|(?:保存|存储|儲存|写入|寫入|下载|下載)(?:到|至)(?:本地|磁盘|磁碟|文件|檔案|指定)",
        re.I)),
    ("send", _recache.compile(
        r"\b(?:sends?|sent|e-?mails?|notif(?:y|ies))\s+(?:\w+\s+){0,3}?(?:notifications?|messages?|e-?mails?|invitations?|invites?|sms"
        r"|reminders?|alerts?)\b|(?:发送|發送)(?:通知|消息|訊息|邮件|郵件|短信|簡訊)",
        re.I)),
    ("enable", _recache.compile(
        r"\b(?:activates?|activating|enables|enabling|turns\s+on|installs|installing)\s+(?!you\b|users?\b|agents?\b|clients?\b|models?\b)"
        r"(?:\w+\s+){0,4}?(?:tools?|toolsets?|features?|plugins?|extensions?|modules?|settings?|modes?|webhooks?|integrations?)\b"
        r"|(?:启用|啟用|激活|开启|開啟)(?:\S{0,6})(?:工具|功能|插件|模块|模組|设置|設置)",
        re.I)),
    ("history", _recache.compile(
        r"\b(?:records?|recorded|marks?|marked|adds?|added|updates?|updated|logs)\s+(?:a|an|the|this|it|them|each|every|your|that)\b"
        r"[^.\n]{0,40}?\b(?:history|views?|visits?|viewed|seen|as\s+read|recently[- ]viewed|last[- ](?:viewed|accessed|read)|access\s+time)\b"
        r"|\b(?:views?|visits?|reads?)\s+(?:is|are|will\s+be|gets?)\s+(?:recorded|logged|tracked|counted)\b"
        r"|(?:记录|記錄)(?:到|在)?\S{0,6}(?:历史|歷史|浏览|瀏覽|访问|訪問)|标记为已读|標記為已讀",
        re.I)),
    ("job", _recache.compile(
        r"\b(?:starts?|launch(?:es)?|triggers?|kicks?\s+off|queues?|enqueues?|schedules?|spawns?|submits?)\s+"
        r"(?:an?\s+|the\s+|one\s+)?(?:new\s+|background\s+|async(?:hronous)?\s+)?(?:[\w-]+\s+){0,2}?"
        r"(?:jobs?|tasks?|runs?|builds?|workflows?|pipelines?|deployments?|scans?|crawls?|analys[ie]s)\b"
        r"|(?:启动|啟動|提交|创建|創建)(?:一个|一個)?\S{0,4}(?:任务|任務|作业|作業|流程)",
        re.I)),
)
_NEGATED = _recache.compile(
    r"(?:\b(?:not|never|no|without|nor|cannot|can't|won't|doesn't|don't|isn't|instead\s+of)\b|不|无|無|未|没有|沒有)[^.\n]{0,24}$",
    re.I,
)


@lru_cache(maxsize=65536)
def side_effects(text: str) -> tuple[tuple[Effect, str], ...]:
    """Changes a description states beside its leading verb: saving to disk, sending a message,
    activating tools or features, recording a view in a history, starting a job (English and
    Chinese). Each is (kind, the phrase); a phrase under a negation ("does not save …") is not one."""
    if not text or not _EFFECT_GATE.search(text):
        return ()
    text = _without_html(text)
    out: list[tuple[Effect, str]] = []
    for kind, rx in _EFFECTS:
        for m in rx.finditer(text):
            if _NEGATED.search(text[max(0, m.start() - 40): m.start()]):
                continue
            out.append((kind, " ".join(m.group(0).split())))
            break
    return tuple(out)
