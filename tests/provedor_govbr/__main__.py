"""``python -m tests.provedor_govbr <comando do Django>`` com as configurações do provedor."""

import os
import sys

from django.core.management import execute_from_command_line

if __name__ == "__main__":
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.provedor_govbr.settings"
    execute_from_command_line(sys.argv)
