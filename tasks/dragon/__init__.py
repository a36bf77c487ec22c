"""DRAGON's stages (Chernogorskii et al. 2025): crawl, diff, triplets, Wikidata, linking,
novelty, graph, subgraphs, questions and the graph-correspondence filter. Only the
daily-news flow (flows/daily_news.py) uses them; shared stages stay in tasks/."""
