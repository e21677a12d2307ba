"""The site's interface strings, in English with the site's own French and Ukrainian.

Each string is looked up as ``ui.<key>`` in the ``ui`` catalog first (see
rulebook/i18n/ui.py), so a translation made through the catalogs always wins. Keys that the
catalog does not know yet use the French and Ukrainian written here; a key with no text in
the reader's language falls back to English with a visible notice. Keys shared with the
command line (``total``, ``rank``, ...) keep exactly the English text of rulebook/i18n/ui.py,
since the catalog matches on it.

``{name}`` placeholders are filled by the renderer or by ui.js; every other brace is kept.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UiText:
    key: str
    en: str
    fr: str | None = None
    uk: str | None = None

    def get(self, language: str) -> str | None:
        """The text in ``language``, or None when this table has none."""
        return {"en": self.en, "fr": self.fr, "uk": self.uk}.get(language)


_T = UiText

#: Every interface string the site and its widgets use.
UI_TEXTS: tuple[UiText, ...] = (
    # -- shared with the command line (rulebook/i18n/ui.py): English must match exactly --
    _T("total", "Total", "Total", "Разом"),
    _T("rank", "Rank", "Rang", "Місце"),
    _T("winners", "Winners", "Gagnants", "Переможці"),
    _T("shared_place", "shared place", "place partagée", "спільне місце"),
    _T("seed", "seed", "graine", "зерно"),
    _T("first_player", "First player", "Premier joueur", "Перший гравець"),
    _T("players", "Players", "Joueurs", "Гравці"),
    _T("player_count", "Number of players", "Nombre de joueurs", "Кількість гравців"),
    _T("setup", "Setup", "Mise en place", "Підготовка"),
    _T("scoring", "Scoring", "Décompte", "Підрахунок очок"),
    _T("rules", "Rules", "Règles", "Правила"),
    _T("glossary", "Glossary", "Glossaire", "Словник"),
    _T("options", "Options", "Options", "Опції"),
    _T("reset", "Reset", "Effacer", "Очистити"),
    _T("sources", "Sources", "Sources", "Джерела"),
    _T("source_note", "Note on the sources", "Note sur les sources", "Примітка щодо джерел"),
    _T(
        "not_translated",
        "This text is not translated yet; it is shown in its original language.",
        "Ce texte n'est pas encore traduit ; il est affiché dans sa langue d'origine.",
        "Цей текст ще не перекладено; його показано мовою оригіналу.",
    ),
    # -- site pages --
    _T(
        "site_title",
        "Board-game rules companion",
        "Compagnon de règles de jeux de société",
        "Довідник правил настільних ігор",
    ),
    _T(
        "home_intro",
        "Look a rule up, set a game up without mistakes and compute the final scores.",
        "Retrouvez une règle, mettez une partie en place sans erreur et calculez les scores.",
        "Знайдіть правило, підготуйте гру без помилок і підрахуйте підсумкові очки.",
    ),
    _T("games", "Games", "Jeux", "Ігри"),
    _T("overview", "Overview", "Présentation", "Огляд"),
    _T("variants", "Variants and expansions", "Variantes et extensions", "Варіанти та доповнення"),
    _T("quick_reference", "Quick reference", "Aide-mémoire", "Коротка пам'ятка"),
    _T("playing_time", "Playing time", "Durée", "Тривалість"),
    _T("minutes", "{min}–{max} min", "{min} à {max} min", "{min}–{max} хв"),
    _T("minutes_one", "{min} min", "{min} min", "{min} хв"),
    _T("designers", "Designers", "Auteurs", "Автори"),
    _T("publishers", "Publishers", "Éditeurs", "Видавці"),
    _T("year", "Year", "Année", "Рік"),
    _T("components", "Components", "Matériel", "Компоненти"),
    _T("component", "Component", "Élément", "Компонент"),
    _T("count", "Count", "Nombre", "Кількість"),
    _T("per_player_max", "Most per player", "Maximum par joueur", "Максимум на гравця"),
    _T("values", "Printed values", "Valeurs imprimées", "Надруковані значення"),
    _T("contents", "Contents", "Contenu", "Склад"),
    _T("source_kind_official", "Official rules", "Règles officielles", "Офіційні правила"),
    _T("source_kind_seed", "Rules summary", "Résumé des règles", "Стислий виклад правил"),
    _T("source_kind_bga", "Board Game Arena", "Board Game Arena", "Board Game Arena"),
    _T("source_kind_implementation", "Implementation", "Adaptation", "Цифрова реалізація"),
    _T("source_kind_review", "Review", "Critique", "Огляд"),
    _T("source_kind_faq", "FAQ", "FAQ", "Часті запитання"),
    _T("only_with", "Only with:", "Seulement avec :", "Лише з:"),
    _T("not_with", "Not with:", "Sans :", "Без:"),
    _T(
        "some_configurations",
        "Only in some configurations",
        "Seulement dans certaines configurations",
        "Лише в деяких конфігураціях",
    ),
    _T("confidence_confirmed", "Confirmed", "Confirmé", "Підтверджено"),
    _T("confidence_single_source", "Single source", "Une seule source", "Одне джерело"),
    _T("confidence_inferred", "Inferred", "Déduit", "Виведено"),
    _T("confidence_unconfirmed", "Not confirmed", "Non confirmé", "Не підтверджено"),
    _T("checked_against", "Checked against:", "Vérifié dans :", "Звірено з:"),
    _T("not_translated_short", "not translated", "non traduit", "не перекладено"),
    _T(
        "page_not_translated",
        "Parts of this page are not translated yet: they are shown in their original "
        "language and marked.",
        "Une partie de cette page n'est pas encore traduite : elle est affichée dans sa "
        "langue d'origine et signalée.",
        "Частину цієї сторінки ще не перекладено: її показано мовою оригіналу з позначкою.",
    ),
    _T("checklist", "Checklist", "Étapes", "Кроки"),
    _T(
        "by_player_count",
        "Numbers by player count",
        "Nombres selon les joueurs",
        "Числа за кількістю гравців",
    ),
    _T("deal_from", "Drawn at random from:", "Tiré au hasard parmi :", "Випадково з:"),
    _T(
        "per_seat",
        "By seat, from the first player:",
        "Par place, à partir du premier joueur :",
        "За місцем, від першого гравця:",
    ),
    _T("setup_generator", "Setup generator", "Générateur de mise en place", "Генератор підготовки"),
    _T(
        "setup_generator_intro",
        "Choose the players and a seed: the same seed always gives the same setup, so "
        "the link can be shared.",
        "Choisissez les joueurs et une graine : la même graine donne toujours la même mise "
        "en place, le lien peut donc être partagé.",
        "Оберіть гравців і зерно: те саме зерно завжди дає ту саму підготовку, тож "
        "посиланням можна поділитися.",
    ),
    _T("player_name", "Name of player {n}", "Nom du joueur {n}", "Ім'я гравця {n}"),
    _T("default_player", "Player {n}", "Joueur {n}", "Гравець {n}"),
    _T(
        "seed_label",
        "Seed (empty: a random one)",
        "Graine (vide : au hasard)",
        "Зерно (порожнє: випадкове)",
    ),
    _T("generate", "Make the setup", "Préparer la partie", "Підготувати гру"),
    _T(
        "link_to_setup",
        "Link to this setup",
        "Lien vers cette mise en place",
        "Посилання на цю підготовку",
    ),
    _T("copy_link", "Copy the link", "Copier le lien", "Скопіювати посилання"),
    _T("copied", "Copied", "Copié", "Скопійовано"),
    _T("turn_order", "Turn order", "Ordre du tour", "Порядок ходів"),
    _T(
        "javascript_needed",
        "This tool needs JavaScript.",
        "Cet outil a besoin de JavaScript.",
        "Для цього інструмента потрібен JavaScript.",
    ),
    _T(
        "runtime_missing",
        "This tool could not be loaded.",
        "Cet outil n'a pas pu être chargé.",
        "Не вдалося завантажити цей інструмент.",
    ),
    _T("calculator", "Score calculator", "Calculateur de score", "Калькулятор очок"),
    _T(
        "calculator_intro",
        "Enter what each player has on the table at the end; the result follows as you type.",
        "Saisissez ce que chaque joueur a sur la table à la fin ; le résultat suit la saisie.",
        "Введіть, що має кожен гравець на столі наприкінці; результат оновлюється одразу.",
    ),
    _T("table_inputs", "Shared by the table", "Commun à la table", "Спільне для столу"),
    _T("name", "Name", "Nom", "Ім'я"),
    _T("not_chosen", "not chosen", "non choisi", "не вибрано"),
    _T(
        "sequence_help",
        "Card values from the bottom of the pile up, separated by spaces",
        "Valeurs des cartes du bas de la pile vers le haut, séparées par des espaces",
        "Значення карт знизу стосу вгору, через пробіл",
    ),
    _T("not_a_number", "Whole numbers only", "Nombres entiers uniquement", "Лише цілі числа"),
    _T("results", "Results", "Résultats", "Результати"),
    _T("winner", "Winner", "Gagnant", "Переможець"),
    _T("decided_by", "Place decided by", "Place décidée par", "Місце визначено за"),
    _T("against", "against {name}", "face à {name}", "проти {name}"),
    _T("tiebreak", "Tiebreak", "Départage", "Розв'язання нічиєї"),
    _T(
        "problems",
        "Check the highlighted fields:",
        "Vérifiez les champs signalés :",
        "Перевірте позначені поля:",
    ),
    _T(
        "fix_to_see",
        "The result appears once every field is valid.",
        "Le résultat s'affiche quand tous les champs sont valides.",
        "Результат з'явиться, коли всі поля будуть правильні.",
    ),
    _T("notices", "Please note", "À noter", "Зверніть увагу"),
    _T("how_scoring_works", "How scores are counted", "Comment on compte", "Як рахують очки"),
    _T("category", "Category", "Catégorie", "Категорія"),
    _T("how_computed", "How it is computed", "Calcul", "Як обчислюється"),
    _T("ranking", "Ranking and ties", "Classement et égalités", "Місця та нічиї"),
    _T("better_higher", "higher is better", "le plus haut l'emporte", "перемагає більше"),
    _T("better_lower", "lower is better", "le plus bas l'emporte", "перемагає менше"),
    _T(
        "full_tie",
        "Players still tied after every tiebreaker share the place.",
        "Les joueurs encore à égalité après tous les départages partagent la place.",
        "Гравці, рівні після всіх критеріїв, ділять місце.",
    ),
    _T(
        "checks",
        "What the calculator checks",
        "Ce que vérifie le calculateur",
        "Що перевіряє калькулятор",
    ),
    _T("end_checks", "End of the game", "Fin de partie", "Кінець гри"),
    _T("worked_example", "Worked example", "Exemple détaillé", "Розібраний приклад"),
    _T("example_source", "Source:", "Source :", "Джерело:"),
    _T("given", "On the table", "Sur la table", "На столі"),
    _T("result", "Result", "Résultat", "Результат"),
    _T("yes", "yes", "oui", "так"),
    _T("no", "no", "non", "ні"),
    _T("decisions", "Decisions on the rules", "Choix d'interprétation", "Рішення щодо правил"),
    _T("kind_expansion", "Expansions", "Extensions", "Доповнення"),
    _T("kind_variant", "Variants", "Variantes", "Варіанти"),
    _T("kind_reading", "Readings of a rule", "Lectures d'une règle", "Тлумачення правила"),
    _T("default", "Default:", "Par défaut :", "За замовчуванням:"),
    _T("on", "on", "activée", "увімкнено"),
    _T("off", "off", "désactivée", "вимкнено"),
    _T(
        "no_options",
        "No expansion or variant is described for this game yet.",
        "Aucune extension ni variante n'est encore décrite pour ce jeu.",
        "Для цієї гри ще не описано доповнень чи варіантів.",
    ),
    _T("related_rules", "In the rules:", "Dans les règles :", "У правилах:"),
    _T("related_setup", "In the setup:", "Dans la mise en place :", "У підготовці:"),
    _T("print", "Print this page", "Imprimer cette page", "Надрукувати сторінку"),
    _T("value_table", "Table", "Tableau", "Таблиця"),
    _T("choices", "Choices", "Choix", "Варіанти вибору"),
    # -- problems reported by validate.js, by code; {params} are filled by ui.js --
    _T(
        "problem_int_type",
        "expected a whole number",
        "nombre entier attendu",
        "потрібне ціле число",
    ),
    _T("problem_below_min", "must be at least {min}", "au moins {min}", "щонайменше {min}"),
    _T("problem_above_max", "must be at most {max}", "au plus {max}", "щонайбільше {max}"),
    _T(
        "problem_table_total",
        "all players together hold {total}, but the game has only {max}",
        "les joueurs en ont {total} à eux tous, mais le jeu n'en a que {max}",
        "у всіх гравців разом {total}, а в грі лише {max}",
    ),
    _T(
        "problem_duplicate_names",
        "each player needs a different name",
        "chaque joueur doit avoir un nom différent",
        "кожен гравець має мати інше ім'я",
    ),
    _T(
        "problem_unique_flag",
        "only one player can have this",
        "un seul joueur peut l'avoir",
        "це може мати лише один гравець",
    ),
    _T(
        "problem_unique_choice",
        "exists once but is given to several players",
        "n'existe qu'une fois mais est donné à plusieurs joueurs",
        "існує в одному примірнику, але вказано в кількох гравців",
    ),
    _T("problem_required", "required", "obligatoire", "обов'язково"),
    _T(
        "problem_place_required",
        "required: a place from 1 to {count}",
        "obligatoire : une place de 1 à {count}",
        "обов'язково: місце від 1 до {count}",
    ),
    _T(
        "problem_place_repeated",
        "each place goes to one player",
        "chaque place va à un seul joueur",
        "кожне місце — лише для одного гравця",
    ),
    _T(
        "problem_past_last_place",
        "past the last place",
        "au-delà de la dernière place",
        "далі за останнє місце",
    ),
    _T(
        "problem_not_used",
        "not used with these options and player count",
        "inutilisé avec ces options et ce nombre de joueurs",
        "не використовується з цими опціями та кількістю гравців",
    ),
    _T(
        "problem_player_count",
        "{count} players given; the game is for {min} to {max}",
        "{count} joueurs ; le jeu se joue de {min} à {max}",
        "вказано {count} гравців; у гру грають від {min} до {max}",
    ),
    _T(
        "problem_pile_first",
        "a pile starts with {first}",
        "une pile commence par {first}",
        "стос починається з {first}",
    ),
    _T(
        "problem_pile_lower",
        "lower than the card below it",
        "plus bas que la carte en dessous",
        "менше за карту під нею",
    ),
    _T(
        "problem_pile_step",
        "more than {max_step} above the card below it",
        "plus de {max_step} au-dessus de la carte en dessous",
        "більше ніж на {max_step} вище за карту під нею",
    ),
    _T(
        "problem_pile_closed",
        "nothing may follow a {closes_at}",
        "rien ne peut suivre un {closes_at}",
        "після {closes_at} нічого не можна класти",
    ),
    _T("problem_too_long", "at most {max} cards", "au plus {max} cartes", "щонайбільше {max} карт"),
    _T(
        "problem_too_short",
        "give a name",
        "indiquez un nom",
        "вкажіть ім'я",
    ),
)

#: The strings by key.
UI: dict[str, UiText] = {text.key: text for text in UI_TEXTS}

#: The keys the calculator and setup widgets read from their data island.
WIDGET_KEYS: tuple[str, ...] = tuple(
    key
    for key in UI
    if key.startswith("problem_")
    or key
    in {
        "total",
        "rank",
        "winners",
        "shared_place",
        "seed",
        "first_player",
        "players",
        "player_count",
        "options",
        "reset",
        "not_translated",
        "not_translated_short",
        "player_name",
        "default_player",
        "seed_label",
        "generate",
        "link_to_setup",
        "copy_link",
        "copied",
        "turn_order",
        "runtime_missing",
        "table_inputs",
        "name",
        "not_chosen",
        "sequence_help",
        "not_a_number",
        "results",
        "winner",
        "decided_by",
        "against",
        "tiebreak",
        "problems",
        "fix_to_see",
        "notices",
        "yes",
        "no",
        "on",
        "off",
    }
)
