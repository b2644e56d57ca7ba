#!/usr/bin/env bash
# The translations (GNU gettext, as GNOME apps keep them: po/LINGUAS, po/POTFILES, the committed
# template po/io.github.tripboard.Tripboard.pot, one .po per language).
#   pot            collects every message of the sources listed in po/POTFILES into the template
#   update-po      merges the template into every .po
#   compile DIR    compiles every .po with `msgfmt -c` into DIR/LANG/LC_MESSAGES/DOMAIN.mo
#   desktop OUT    writes the desktop entry with every language's names merged in
#   pseudo DIR     compiles a pseudo-language into DIR/xx/LC_MESSAGES/DOMAIN.mo from the template
#                  of the sources as they are (written beside it, DIR/template.pot: the committed one
#                  is checked by `check`, and is made afresh on main after a merge): every message is
#                  its English wrapped in ⟦…⟧ (placeholders and plurals kept), so a run under
#                  LANGUAGE=xx (with a UTF-8 LANG: gettext ignores LANGUAGE under "C") shows at once
#                  any word that never went through the catalogue (Tests/support/pseudo.py)
#   check          fails when a translation call's message is not one plain literal
#                  (scripts/lint-messages.py), the template lacks a message of the sources, a
#                  French message is untranslated or fuzzy, or msgfmt -c rejects a catalogue
set -euo pipefail
cd "$(dirname "$0")/.."
DOMAIN=io.github.tripboard.Tripboard
POT=po/$DOMAIN.pot

# Every Swift file with a translation call, or a message TripCore marks with N_ for TripWords to
# translate where it is shown, listed in po/POTFILES.
potfiles() {
    git ls-files 'Sources/*.swift' | xargs grep -l -E '\b(tr|trc|trn|N_)\(|Plural\.counted\(' \
        | grep -v -e '/Translation/Gettext.swift$' -e '^Sources/TripCore/MessageMarker.swift$' | LC_ALL=C sort -u
}

# The template from the sources listed in po/POTFILES (or the file $1), the desktop entry and the
# metainfo, on stdout.
template() {
    local pot files=${1:-po/POTFILES}
    pot=$(mktemp --suffix=.pot)
    xgettext --language=ObjectiveC --from-code=UTF-8 --keyword= --keyword=tr --keyword=trc:1c,2 --keyword=trn:1,2 --keyword=counted:2,3 --keyword=N_ \
        --add-comments=TRANSLATORS: --package-name=Tripboard --msgid-bugs-address=https://github.com/tripboard/tripboard/issues \
        --sort-by-file --no-wrap --files-from="$files" -o "$pot"
    xgettext --join-existing --from-code=UTF-8 --no-wrap -o "$pot" "Resources/$DOMAIN.desktop"
    xgettext --join-existing --from-code=UTF-8 --no-wrap --its=/usr/share/gettext/its/metainfo.its -o "$pot" \
        "Resources/$DOMAIN.metainfo.xml.in"
    sed '/^"POT-Creation-Date:/d' "$pot"
    rm -f "$pot"
}

case "${1:-}" in
pot)
    potfiles > po/POTFILES
    template > "$POT"
    ;;
update-po)
    for lang in $(cat po/LINGUAS); do
        msgmerge --quiet --update --backup=none --no-wrap "po/$lang.po" "$POT"
    done
    ;;
compile)
    for lang in $(cat po/LINGUAS); do
        mkdir -p "$2/$lang/LC_MESSAGES"
        msgfmt -c -o "$2/$lang/LC_MESSAGES/$DOMAIN.mo" "po/$lang.po"
    done
    ;;
desktop)
    msgfmt --desktop -d po --template "Resources/$DOMAIN.desktop" -o "$2"
    ;;
pseudo)
    work=$(mktemp -d)
    # msgen copies each msgid into its msgstr; the header gets a charset and English's plural rule.
    mkdir -p "$2"
    potfiles > "$work/POTFILES"
    template "$work/POTFILES" > "$2/template.pot"
    msgen --no-wrap "$2/template.pot" | sed -e '/^#, fuzzy$/d' -e 's/charset=CHARSET/charset=UTF-8/' \
        -e 's/^"Plural-Forms: .*"$/"Plural-Forms: nplurals=2; plural=(n != 1);\\n"/' \
        -e 's/^"Language: .*"$/"Language: xx\\n"/' -e 's/^"Project-Id-Version: .*"$/"Project-Id-Version: Tripboard\\n"/' \
        -e 's/^"PO-Revision-Date: .*"$/"PO-Revision-Date: 2026-01-01 00:00+0000\\n"/' \
        -e 's/^"Last-Translator: .*"$/"Last-Translator: scripts\/translations.sh pseudo\\n"/' \
        -e 's/^"Language-Team: .*"$/"Language-Team: none\\n"/' > "$work/en.po"
    # Brackets round the whole message (a message ending in a newline keeps it last, for msgfmt -c).
    msgfilter --keep-header --no-wrap -i "$work/en.po" -o "$work/xx.po" sed -e '1s/^/⟦/' -e '$s/$/⟧/'
    mkdir -p "$2/xx/LC_MESSAGES"
    msgfmt -c -o "$2/xx/LC_MESSAGES/$DOMAIN.mo" "$work/xx.po"
    rm -rf "$work"
    ;;
check)
    status=0
    scripts/lint-messages.py --self-test
    scripts/lint-messages.py || status=1
    if [ "$(potfiles)" != "$(cat po/POTFILES)" ]; then
        echo "po/POTFILES is not the list of files with translation calls: run make pot" >&2; status=1
    fi
    fresh=$(mktemp)
    template > "$fresh"
    if ! diff -q <(msgcat --no-wrap --sort-output "$fresh" | grep -v '^#') <(msgcat --no-wrap --sort-output "$POT" | grep -v '^#') >/dev/null; then
        echo "the template $POT is out of date with the sources: run make pot (and make update-po)" >&2; status=1
    fi
    rm -f "$fresh"
    for lang in $(cat po/LINGUAS); do
        msgfmt -c -o /dev/null "po/$lang.po" || status=1
    done
    # French is complete: nothing untranslated, nothing fuzzy (fr_CA holds only Quebec's differences).
    untranslated=$(msgattrib --untranslated --no-obsolete po/fr.po | grep -c '^msgid ' || true)
    fuzzy=$(msgattrib --only-fuzzy --no-obsolete po/fr.po | grep -c '^msgid ' || true)
    if [ "$untranslated" -gt 0 ] || [ "$fuzzy" -gt 0 ]; then
        echo "po/fr.po: $((untranslated > 0 ? untranslated - 1 : 0)) untranslated, $((fuzzy > 0 ? fuzzy - 1 : 0)) fuzzy messages" >&2; status=1
    fi
    exit $status
    ;;
*)
    echo "usage: $0 pot | update-po | compile DIR | desktop OUT | pseudo DIR | check" >&2; exit 64
    ;;
esac
