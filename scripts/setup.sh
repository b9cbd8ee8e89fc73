#!/usr/bin/env bash
# Set up goatherd on a fresh Debian machine: system packages, then the Python package.
#   bash scripts/setup.sh          # what a user needs to run goatherd
#   bash scripts/setup.sh --dev    # plus what the test suite needs
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages goatherd uses (card art and table surfaces for synthetic data, the browser for page tests).
APT_PACKAGES=(gnome-cards-data kdegames-card-data-kf5 librsvg2-bin mate-backgrounds gimp-data gimp-data-extras fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf fonts-crosextra-carlito fonts-crosextra-caladea fonts-linuxlibertine fonts-ebgaramond fonts-cantarell fonts-comfortaa fonts-open-sans fonts-urw-base35)
DEV_APT_PACKAGES=(chromium)

extras="."
if [[ "${1:-}" == "--dev" ]]; then
    extras=".[dev]"
    APT_PACKAGES+=("${DEV_APT_PACKAGES[@]}")
fi

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
    echo "setup: installing Debian packages: ${missing[*]}"
    if [[ $(id -u) -ne 0 ]]; then SUDO=sudo; else SUDO=; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

python3 -m pip install -q -e "$extras"
