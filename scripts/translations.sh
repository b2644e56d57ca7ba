#!/usr/bin/env bash
# The translations (GNU gettext, as GNOME apps keep them: po/LINGUAS, po/POTFILES, the committed
# template po/io.github.tripboard.Tripboard.pot, one .po per language).
#   pot            collects every message of the sources listed in po/POTFILES into the template
#   update-po      merges the template into every .po
#   compile DIR    compiles every .po with `msgfmt -c` into DIR/LANG/LC_MESSAGES/DOMAIN.mo
#   desktop OUT    writes the desktop entry with every language's names merged in
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

# The template from the sources, the desktop entry and the metainfo, on stdout.
template() {
    local pot
    pot=$(mktemp --suffix=.pot)
    xgettext --language=ObjectiveC --from-code=UTF-8 --keyword= --keyword=tr --keyword=trc:1c,2 --keyword=trn:1,2 --keyword=counted:2,3 --keyword=N_ \
        --add-comments=TRANSLATORS: --package-name=Tripboard --msgid-bugs-address=https://github.com/tripboard/tripboard/issues \
        --sort-by-file --no-wrap --files-from=po/POTFILES -o "$pot"
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
    echo "usage: $0 pot | update-po | compile DIR | desktop OUT | check" >&2; exit 64
    ;;
esac
