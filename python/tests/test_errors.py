"""Every error path: dlx.Error with its place, Incomplete, TypeError."""

import pytest

import dlx
from conftest import path


def test_error_is_value_error():
    assert issubclass(dlx.Error, ValueError)


@pytest.mark.parametrize("text,line,column,words", [
    ("", None, None, "item"),
    ("| only a comment\n", None, None, "item"),
    ("a b\na x\n", 2, 3, "unknown item 'x'"),
    ("a a\n", 1, 3, "duplicate item name 'a'"),
    ("a b\na a\n", 2, 3, "twice"),
    ("a | x\na:red\n", 2, 2, "color on primary item 'a'"),
    ("a | x | y\n", 1, 7, "second '|'"),
    ("3:2|a\na\n", 1, 1, "lower bound 3 exceeds upper bound 2"),
    ("a | 2|x\na\n", 1, 5, "bound on secondary item 'x'"),
])
def test_text_errors(text, line, column, words):
    with pytest.raises(dlx.Error) as e:
        dlx.Problem.from_text(text)
    assert e.value.line == line
    if column is not None:
        assert e.value.column == column
    assert words.lower() in e.value.message.lower()


def test_strict_option_without_primary():
    text = "a | x\nx\na\n"
    assert dlx.Problem.from_text(text).count() == 1
    with pytest.raises(dlx.Error) as e:
        dlx.Problem.from_text(text, strict=True)
    assert e.value.line == 2


def test_read_names_file(tmp_path):
    f = tmp_path / "bad.dlx"
    f.write_text("a b\na c\n")
    with pytest.raises(dlx.Error) as e:
        dlx.Problem.read(f)
    assert e.value.filename == str(f)
    assert str(e.value).startswith("%s:2:3: " % f)
    with pytest.raises(FileNotFoundError):
        dlx.Problem.read(tmp_path / "missing.dlx")


def test_list_errors():
    with pytest.raises(dlx.Error) as e:
        dlx.Problem([["a"], ["b", "b"]])
    assert e.value.option == 1
    with pytest.raises(dlx.Error) as e:
        dlx.Problem([["a"], ["x"]], secondary=["x"])
    assert e.value.option == 1 and "primary" in e.value.message
    with pytest.raises(dlx.Error) as e:
        dlx.Problem([["a", "a:red"]])
    assert "a color on primary item" in e.value.message
    with pytest.raises(dlx.Error) as e:
        dlx.Problem([["a", dlx.Colored("z", "red")]])
    assert "unknown secondary item" in e.value.message
    # With no item "z", "z:red" is a label of its own.
    p = dlx.Problem([["a", "z:red"]])
    assert p.items == ["a", "z:red"] and p.count() == 1
    with pytest.raises(dlx.Error) as e:
        dlx.Problem([["a", "b"]], primary=["a"])
    assert "unknown item 'b'" in e.value.message
    with pytest.raises(dlx.Error):
        dlx.Problem([["a"]], secondary=["x", "x"])
    with pytest.raises(dlx.Error):
        dlx.Problem([["a"]], bounds={"a": (2, 1)})
    with pytest.raises(dlx.Error):
        dlx.Problem([["a", "x"]], secondary=["x"], bounds={"x": 1})
    with pytest.raises(TypeError):
        dlx.Problem(["ab"])
    with pytest.raises(TypeError):
        dlx.Problem([[["unhashable"]]])
    with pytest.raises(TypeError):
        dlx.Problem([5])


def test_bad_arguments():
    p = dlx.Problem([["a"]])
    with pytest.raises(ValueError):
        p.count(threads=0)
    with pytest.raises(ValueError):
        list(p.solutions(limit=-1))
    with pytest.raises(dlx.Error):
        p.bounds("zz")
    with pytest.raises(IndexError):
        p.option(5)


def test_memo_always_with_bounds_refused():
    p = dlx.Problem([["a"], ["a"]], bounds={"a": 2})
    assert p.count() == 1
    with pytest.raises(dlx.Error) as e:
        p.count(memo=True)
    assert "bound" in e.value.message


def test_overflow_of_plain_count():
    p = dlx.Problem([[k] for k in range(70) for _ in range(2)])
    with pytest.raises(dlx.Incomplete):
        p.count(memo=False, max_updates=10000)
