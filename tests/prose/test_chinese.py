"""Chinese descriptions (Simplified and Traditional): CJK words as values, the closed-set,
example, format and bound cues, full-width punctuation, and the look-alikes that must stay quiet."""

from __future__ import annotations

from typing import Any

import pytest

from linter.prose import Evidence, analyse
from linter.prose.lists import cjk_token, parse_inline


def only(description: str, kind: str, *, name: str = "", type: str | None = "string") -> list[Evidence]:
    return [e for e in analyse(description, name=name, type=type) if e.kind == kind]


CLOSED: list[tuple[str, str, str, tuple[str, ...], str]] = [
    ("订单状态，可选值：待支付、已支付、已取消", "状态", "string", ("待支付", "已支付", "已取消"), "可选值：待支付、已支付、已取消"),
    ("類型，可選值：公開、私有", "類型", "string", ("公開", "私有"), "可選值：公開、私有"),
    ("订单状态，取值：待支付、已支付、已取消", "status", "string", ("待支付", "已支付", "已取消"), "取值：待支付、已支付、已取消"),
    ("状态，枚举：待支付、已支付", "status", "string", ("待支付", "已支付"), "枚举：待支付、已支付"),
    ("狀態，枚舉值：啟用、停用", "status", "string", ("啟用", "停用"), "枚舉值：啟用、停用"),
    ("状态，为待支付、已支付、已取消之一", "status", "string", ("待支付", "已支付", "已取消"), "待支付、已支付、已取消"),
    ("状态，取值为以下之一：待支付、已支付", "status", "string", ("待支付", "已支付"), "取值为以下之一：待支付、已支付"),
    ("状态，可选值如下：待支付、已支付", "status", "string", ("待支付", "已支付"), "可选值如下：待支付、已支付"),
    ("状态，只能是待支付或已支付", "status", "string", ("待支付", "已支付"), "只能是待支付或已支付"),
    ("状态：待支付或已支付", "status", "string", ("待支付", "已支付"), "状态：待支付或已支付"),
    ("可见性，公开、私有或内部", "visibility", "string", ("公开", "私有", "内部"), "可见性，公开、私有或内部"),
    ("性别，男或女", "gender", "string", ("男", "女"), "性别，男或女"),
    ("难度，可选值：简单、中等、困难", "level", "string", ("简单", "中等", "困难"), "可选值：简单、中等、困难"),
    ("订单状态；可选值：待支付；已支付；已取消", "status", "string", ("待支付", "已支付", "已取消"), "可选值：待支付；已支付；已取消"),
    ("可选值：公开｜私有", "visibility", "string", ("公开", "私有"), "可选值：公开｜私有"),
    ("可见范围：公开 / 私有 / 内部", "scope", "string", ("公开", "私有", "内部"), "可见范围：公开 / 私有 / 内部"),
    ("排序，取值 asc / desc", "order", "string", ("asc", "desc"), "取值 asc / desc"),
    ("狀態，可選值為「啟用」或「停用」", "status", "string", ("啟用", "停用"), "可選值為「啟用」或「停用」"),
    ("状态：1-正常，2-停用", "status", "integer", ("1", "2"), "1-正常，2-停用"),
    ("状态，取值如下：\n- 待支付\n- 已支付", "status", "string", ("待支付", "已支付"), "状态，取值如下：\n- 待支付\n- 已支付"),
]


@pytest.mark.parametrize(("description", "name", "type_", "values", "text"), CLOSED)
def test_closed_sets(description: str, name: str, type_: str, values: tuple[str, ...], text: str) -> None:
    ev = only(description, "closed_vocab", name=name, type=type_)
    assert [(e.values, e.text) for e in ev] == [(values, text)]
    assert description[ev[0].span[0] : ev[0].span[1]] == text


EXAMPLES: list[tuple[str, str, tuple[str, ...], str]] = [
    ("订单类型，例如：普通订单", "type", ("普通订单",), "例如：普通订单"),
    ("订单类型，如：普通订单、团购订单等", "type", ("普通订单", "团购订单"), "如：普通订单、团购订单等"),
    ("订单类型，比如普通订单", "type", ("普通订单",), "比如普通订单"),
    ("商品分类，如电子产品、服装等", "category", ("电子产品", "服装"), "如电子产品、服装等"),
    ("訂單類型，例如：一般訂單", "kind", ("一般訂單",), "例如：一般訂單"),
    ("类型，示例：NORMAL", "type", ("NORMAL",), "示例：NORMAL"),
    ("支付方式，支持微信、支付宝等", "payMethod", ("微信", "支付宝"), "支持微信、支付宝等"),
    ("支付渠道（微信、支付宝等）", "channel", ("微信", "支付宝"), "（微信、支付宝等"),
    ("状态，可选值：待支付、已支付等", "status", ("待支付", "已支付"), "可选值：待支付、已支付等"),
]


@pytest.mark.parametrize(("description", "name", "values", "text"), EXAMPLES)
def test_example_sets(description: str, name: str, values: tuple[str, ...], text: str) -> None:
    ev = only(description, "example_vocab", name=name)
    assert [(e.values, e.text) for e in ev] == [(values, text)]
    assert not only(description, "closed_vocab", name=name)


QUIET: list[tuple[str, str, str]] = [
    ("用户名，例如：张三", "username", "string"),
    ("关键词，比如“机器学习”", "keyword", "string"),
    ("备注，如：尽快发货", "remark", "string"),
    ("商品名称，如：苹果手机", "goodsName", "string"),
    ("收货地址，例如：北京市朝阳区", "address", "string"),
    ("订单号，如不填则返回全部", "orderNo", "string"),
    ("如果为空则返回全部订单", "status", "string"),
    ("开始时间或结束时间", "time", "string"),
    ("用户名或邮箱", "login", "string"),
    ("是否启用，是或否", "enabled", "boolean"),
    ("折扣比例为百分比", "rate", "string"),
    ("默认值为10", "size", "integer"),
    ("状态，可选值：待支付、已支付", "status", "integer"),
    ("支持分页查询", "mode", "string"),
]


@pytest.mark.parametrize(("description", "name", "type_"), QUIET)
def test_no_vocabulary(description: str, name: str, type_: str) -> None:
    assert not only(description, "closed_vocab", name=name, type=type_)
    assert not only(description, "example_vocab", name=name, type=type_)


def test_cjk_name_is_not_mistaken_for_a_value() -> None:
    """A CJK field name must not match CJK values as "the field itself" (both used to reduce to
    an empty key)."""
    (e,) = only("可选值：公开、私有", "closed_vocab", name="可见性")
    assert e.values == ("公开", "私有")


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("待支付或已支付", "待支付"),
        ("男或女", "男"),
        ("公开和私有", "公开"),
        ("和平模式", "和平模式"),
        ("已取消之一", "已取消"),
        ("服装等", "服装"),
        ("中等", "中等"),
        ("私有两种", "私有"),
        ("这是一段很长很长很长的中文说明文字", None),
    ],
)
def test_cjk_token(text: str, token: str | None) -> None:
    m = cjk_token(text, 0)
    assert (m.group() if m else None) == token


def test_full_width_separators() -> None:
    p = parse_inline("甲、乙，丙", 0)
    assert p is not None and p.values == ("甲", "乙")  # 、 then ，: the list stops where the separator changes
    p = parse_inline("甲；乙；丙", 0)
    assert p is not None and p.values == ("甲", "乙", "丙")


FORMATS: list[tuple[str, str, str, dict[str, Any]]] = [
    ("时间，ISO 8601格式", "time", "ISO 8601", {"format": "date-time", "inferred": True}),
    ("日期，ISO 8601格式", "birthday", "ISO 8601", {"format": "date", "inferred": True}),
    ("时间，RFC3339格式", "ts", "RFC3339", {"format": "date-time"}),
    ("格式为ISO8601", "ts", "ISO8601", {"format": "date-time", "inferred": True}),
    ("图片，base64编码", "img", "base64", {"format": "byte"}),
    ("日期格式为yyyyMMdd", "d", "yyyyMMdd", {"pattern": "^[0-9]{4}[0-9]{2}[0-9]{2}$", "layout": "yyyyMMdd"}),
    ("出生日期，格式：yyyy年MM月dd日", "birthday", "yyyy年MM月dd日",
     {"pattern": "^[0-9]{4}年[0-9]{2}月[0-9]{2}日$", "layout": "yyyy年MM月dd日"}),
    ("日期，格式：年-月-日", "d", "格式：年-月-日", {"layout": "年-月-日"}),
    ("请求ID，UUID格式", "rid", "UUID格式", {"format": "uuid"}),
    ("回调地址，必须是合法的URL", "callback", "合法的URL", {"format": "uri"}),
    ("手机号，11位数字", "mobile", "11位数字", {"pattern": "^[0-9]{11}$"}),
    ("用户名，只能包含字母、数字和下划线", "username", "字母、数字和下划线", {"pattern": "^[A-Za-z0-9_]+$"}),
    ("IPv4地址", "ip", "IPv4", {"format": "ipv4"}),
    ("日期，例如2024-01-01", "d", "2024-01-01", {"format": "date", "layout": "YYYY-MM-DD"}),
]


@pytest.mark.parametrize(("description", "name", "text", "data"), FORMATS)
def test_formats(description: str, name: str, text: str, data: dict[str, Any]) -> None:
    ev = only(description, "format", name=name)
    assert [(e.text, dict(e.data)) for e in ev] == [(text, data)]


BOUNDS: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("每页条数，最大值100", "size", "integer", "最大值100", {"maximum": 100}),
    ("每頁條數，最大值為100", "size", "integer", "最大值為100", {"maximum": 100}),
    ("每页条数，范围1-100", "size", "integer", "范围1-100", {"minimum": 1, "maximum": 100}),
    ("每页条数，1~100之间", "size", "integer", "1~100之间", {"minimum": 1, "maximum": 100}),
    ("数量，介于1和100之间", "n", "integer", "介于1和100之间", {"minimum": 1, "maximum": 100}),
    ("名称，长度1-64个字符", "name", "string", "长度1-64个字符", {"minLength": 1, "maxLength": 64}),
    ("名稱，長度不超過64個字元", "name", "string", "長度不超過64個字元", {"maxLength": 64}),
    ("名称，长度64以内", "name", "string", "64以内", {"maxLength": 64}),
    ("描述，最多500字", "desc", "string", "最多500字", {"maxLength": 500}),
    ("标签，最多10个", "tags", "array", "最多10个", {"maxItems": 10}),
    ("年龄，18岁以上", "age", "integer", "18岁以上", {"minimum": 18}),
    ("金额，必须大于0", "amount", "number", "大于0", {"exclusiveMinimum": 0}),
    ("数量，非负整数", "n", "integer", "非负整数", {"minimum": 0}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), BOUNDS)
def test_bounds(description: str, name: str, type_: str, text: str, data: dict[str, Any]) -> None:
    ev = only(description, "bounds", name=name, type=type_)
    assert [(e.text, dict(e.data)) for e in ev] == [(text, data)]


@pytest.mark.parametrize(
    ("description", "name", "type_"),
    [
        ("重试次数，默认3次", "retries", "integer"),
        ("最多重试3次", "retries", "integer"),
        ("金额，保留2位小数", "amount", "number"),
        ("默认值为10", "size", "integer"),
    ],
)
def test_no_bounds(description: str, name: str, type_: str) -> None:
    assert not only(description, "bounds", name=name, type=type_)
